import Foundation
import Testing

extension DocumentationChecks {
  /// The rules that keep the README a front door and the manual honest.
  @Suite("Documentation: the manual's rules")
  struct ManualTests {
    @Test func aTranscriptOutsideAConsoleBlockWouldNotBeChecked() throws {
      for document in try Manual.documents() {
        for block in document.blocks where block.language != "console" {
          let transcriptLines = block.body.filter { $0.hasPrefix("$ ") }
          #expect(
            transcriptLines.isEmpty,
            Comment(
              rawValue: "\(document.relativePath):\(block.openingLine): a ```\(block.info) block "
                + "shows commands and their output (\(transcriptLines.first ?? "")); mark it "
                + "```console so it is checked"))
        }
      }
    }

    @Test func noTestCountIsWrittenByHand() throws {
      let count = /\b\d[\d,]*\s+(tests?|suites?|test cases?)\b/
      for document in try Manual.documents() {
        for (index, line) in document.lines.enumerated() where line.contains(count) {
          Issue.record("\(document.relativePath):\(index + 1): a test count goes stale: \(line)")
        }
      }
    }

    @Test func everyIncludedFileIsShownExactly() throws {
      var included = 0
      for document in try Manual.documents() {
        included += try document.checkGeneratedBlocks(root: Manual.root) { block in
          guard let path = block.directive?.include else { return nil }
          let file = try String(contentsOfFile: Manual.root + "/" + path, encoding: .utf8)
          var fileLines = file.components(separatedBy: "\n")
          if fileLines.last == "" { fileLines.removeLast() }
          return fileLines
        } problem: { block in
          "the block is not \(block.directive?.include ?? "") as it is"
        }
      }
      #expect(included > 0, "docs/library.md shows the quick start through an include comment")
    }

    @Test func theReadmeIsAFrontDoorThatLinksEveryPageOfTheManual() throws {
      let readme = try String(contentsOfFile: Manual.root + "/README.md", encoding: .utf8)
      let lineCount = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      #expect(lineCount <= 200, "README.md has \(lineCount) lines; the manual belongs in docs/")
      for page in try Manual.relativePaths() where page != "README.md" {
        #expect(readme.contains("](\(page))"), "README.md does not link \(page)")
      }
    }

    @Test func theLibraryGuideNamesEveryProductAndOnlyProducts() throws {
      let manifest = try String(contentsOfFile: Manual.root + "/Package.swift", encoding: .utf8)
      let declared = Set(
        manifest.matches(of: /\.(?:library|executable)\(\s*name:\s*"([^"]+)"/).map {
          String($0.output.1)
        })
      let guide = try MarkdownDocument(root: Manual.root, relativePath: "docs/library.md")
      // The rows of the section "Products" (the port tables further on are not products).
      let section = guide.lines.drop { $0 != "## Products" }.dropFirst()
        .prefix { !$0.hasPrefix("## ") }
      let tabled = Set(
        section.compactMap { line in
          line.firstMatch(of: /^\| `([^`]+)` \|/).map { String($0.output.1) }
        })
      #expect(!declared.isEmpty)
      #expect(
        tabled == declared, "docs/library.md's product table against Package.swift's products")
      let used = guide.lines.flatMap { line in
        line.matches(of: /\.product\(name: "([^"]+)", package: "authcli"\)/).map {
          String($0.output.1)
        }
      }
      #expect(!used.isEmpty && Set(used).isSubset(of: declared), "products in the snippet: \(used)")
    }

    @Test func theLibraryGuideNamesTheSystemPackagesEachProductNeeds() throws {
      let manifest = try PackageManifest(
        String(contentsOfFile: Manual.root + "/Package.swift", encoding: .utf8))
      let guide = try MarkdownDocument(root: Manual.root, relativePath: "docs/library.md")
      #expect(!manifest.products.isEmpty)
      for (product, targets) in manifest.products {
        let row = guide.lines.first { $0.hasPrefix("| `\(product)` |") } ?? ""
        for package in manifest.systemPackages(under: targets) {
          #expect(
            row.contains("`\(package)`"),
            "docs/library.md: the row of \(product) does not name `\(package)`, which it needs")
        }
      }
    }

    @Test func theCommandReferenceShowsTheHelpOfEverySubcommand() async throws {
      let sandbox = try SampleSandbox()
      let help = try await sandbox.run("authcli --help")
      #expect(help.status == 0)
      let listing = try #require(help.output.components(separatedBy: "SUBCOMMANDS:").last)
      let names = listing.components(separatedBy: "\n").compactMap { line in
        line.firstMatch(of: /^  ([a-z][a-z-]*)( |$)/).map { String($0.output.1) }
      }
      #expect(!names.isEmpty, "no subcommand found in `authcli --help`:\n\(help.output)")
      let reference = try String(contentsOfFile: Manual.root + "/docs/cli.md", encoding: .utf8)
      for name in names {
        #expect(
          reference.contains("\n$ authcli help \(name)\n"),
          "docs/cli.md has no `$ authcli help \(name)` block under Every command")
      }
    }

    @Test func everyRelativeLinkLeadsToAFileAndItsHeading() throws {
      let link = /\]\(([^)#:\s]*)(?:#([^)\s]*))?\)/
      for document in try Manual.documents() {
        let folder = URL(fileURLWithPath: Manual.root + "/" + document.relativePath)
          .deletingLastPathComponent()
        for (index, line) in document.lines.enumerated() {
          for match in line.matches(of: link) {
            let path = String(match.output.1)
            let target =
              path.isEmpty
              ? Manual.root + "/" + document.relativePath
              : folder.appendingPathComponent(path).path
            let place = "\(document.relativePath):\(index + 1)"
            guard FileManager.default.fileExists(atPath: target) else {
              Issue.record(Comment(rawValue: "\(place): \(path) does not exist"))
              continue
            }
            guard let anchor = match.output.2.map(String.init), target.hasSuffix(".md") else {
              continue
            }
            let anchors = try Self.headingAnchors(in: target)
            #expect(
              anchors.contains(anchor),
              Comment(
                rawValue:
                  "\(place): no heading of \(path.isEmpty ? "this page" : path) has the anchor #\(anchor)"
              ))
          }
        }
      }
    }

    /// The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces
    /// as hyphens.
    private static func headingAnchors(in path: String) throws -> Set<String> {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      var inFence = false
      var anchors: Set<String> = []
      for line in text.components(separatedBy: "\n") {
        if line.hasPrefix("```") { inFence.toggle() }
        guard !inFence, line.hasPrefix("#") else { continue }
        let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        let kept = title.lowercased().filter {
          $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_"
        }
        anchors.insert(kept.replacingOccurrences(of: " ", with: "-"))
      }
      return anchors
    }
  }
}
