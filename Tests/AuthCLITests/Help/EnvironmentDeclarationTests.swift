import AuthTestSupport
import Foundation
import Testing

@testable import AuthCLI

/// Every environment variable authcli reads is declared once (`EnvironmentVariable`), read
/// through that declaration, and listed by the root help and the man page; every file it
/// keeps on its own (`KnownFile`) is listed by both too. docs/cli.md's table is checked by
/// the documentation tests.
@Suite("Environment and files: declared once, listed everywhere")
@MainActor
struct EnvironmentDeclarationTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// The modules linked into authcli whose code reads the environment.
  static let modules = ["AuthCLI", "AuthPostgres", "AuthStorage", "AuthDatabase", "AuthCrypto"]

  /// The names in lookups written with a string: `environment["X"]`, `getenv("X")`,
  /// `orEnvironment: "X"`, with the file and line of each.
  private func namesLookedUpByString(in module: String) throws -> [(name: String, place: String)] {
    let folder = Self.sources.appendingPathComponent(module)
    let paths = try #require(FileManager.default.enumerator(atPath: folder.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    var found: [(String, String)] = []
    for path in paths {
      let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        for match in line.matches(
          of: /(?:environment\[|getenv\(|orEnvironment: )"([A-Z][A-Z0-9_]*)"/)
        {
          found.append((String(match.output.1), "\(module)/\(path):\(number + 1)"))
        }
      }
    }
    return found
  }

  @Test func theFrontEndLooksUpNoVariableByItsName() throws {
    let lookups = try namesLookedUpByString(in: "AuthCLI")
    #expect(lookups.isEmpty, "\(lookups.map { "\($0.place): \($0.name)" })")
  }

  /// The check can fail: the adapter of PostgreSQL reads libpq's variables by name, and
  /// each of them must be declared.
  @Test func everyVariableReadByNameInALibraryIsDeclared() throws {
    let declared = Set(EnvironmentVariable.all.map(\.name))
    let lookups = try Self.modules.flatMap { try namesLookedUpByString(in: $0) }
    #expect(lookups.contains { $0.name == "PGSSLMODE" })
    for lookup in lookups {
      #expect(declared.contains(lookup.name), "\(lookup.place) reads undeclared \(lookup.name)")
    }
  }

  @Test func namesAreDeclaredOnce() {
    let names = EnvironmentVariable.all.map(\.name)
    #expect(Set(names).count == names.count)
    let labels = KnownFile.all.map(\.label)
    #expect(Set(labels).count == labels.count)
  }

  @Test func theRootHelpListsEveryVariableAndFile() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(["--help"], extraEnvironment: ["COLUMNS": "100"])
    #expect(run.status == 0, "\(run.errors)")
    // The paragraphs are wrapped: compared with each run of spaces and newlines as one space.
    let text = Self.words(run.output)
    for variable in EnvironmentVariable.all {
      let shown = variable.name + (variable.summary.map { " (" + $0 + ")" } ?? "")
      #expect(text.contains(Self.words(shown)), "\(variable.name)")
    }
    for file in KnownFile.all {
      #expect(text.contains(Self.words(file.label + " (" + file.summary + ")")))
    }
  }

  @Test func theManPageListsEveryVariableAndFileInItsSections() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(["help", "--man"])
    #expect(run.status == 0, "\(run.errors)")
    let page = run.output
    let environment = try #require(section("ENVIRONMENT", of: page))
    for variable in EnvironmentVariable.all {
      #expect(environment.contains("\\fB" + roff(variable.name) + "\\fR"), "\(variable.name)")
    }
    let files = try #require(section("FILES", of: page))
    for file in KnownFile.all {
      #expect(files.contains("\\fB" + roff(file.label) + "\\fR"), "\(file.label)")
    }
  }

  private static func words(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The roff of a section: from its heading to the next.
  private func section(_ title: String, of page: String) -> String? {
    guard let start = page.range(of: ".SH \"\(title)\"\n") else { return nil }
    let rest = page[start.upperBound...]
    let end = rest.range(of: ".SH ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  private func roff(_ text: String) -> String {
    text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
  }
}
