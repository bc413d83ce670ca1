import Foundation
import PostgresTestSupport
import Testing

extension DocumentationChecks {
  /// Every `console` block of the README and `docs/` is a real session with the binary:
  /// each block runs in a fresh sandbox (the blocks of a named session share one, in
  /// order, as a reader types them), each `$` line must print what the block shows (times
  /// masked) and exit 0, and nothing may be typed that the block does not show.
  @Suite("Documentation: every output sample is the binary's")
  struct SampleTests {
    @Test func everyConsoleBlockPrintsWhatItShows() async throws {
      var checked = 0
      for document in try Manual.documents() {
        var replacements: [(block: FencedBlock, body: [String])] = []
        // The homes of the named sessions of this file, each kept from block to block.
        var sessions: [String: SharedSandbox] = [:]
        for block in document.blocks where block.language == "console" {
          checked += 1
          var shared: SharedSandbox?
          if let name = block.directive?.session {
            shared = try sessions[name] ?? SharedSandbox(SampleSandbox())
            sessions[name] = shared
          }
          if let body = try await check(block, in: document, shared: shared) {
            replacements.append((block, body))
          }
        }
        if Manual.isUpdating, !replacements.isEmpty {
          try rewrite(document, replacing: replacements)
        }
      }
      #expect(checked > 0, "no console block found under \(Manual.root)")
    }

    /// The README's tour is what a reader types on a new machine: every block of it (all
    /// but those on a PostgreSQL server, which has its own database) runs in one home, in
    /// order, from an empty one, with nothing run that the page does not show.
    @Test func theREADMETourRunsFromAnEmptyHomeAsShown() throws {
      let readme = try MarkdownDocument(root: Manual.root, relativePath: "README.md")
      let tour = readme.blocks.filter {
        $0.language == "console" && $0.directive?.postgresDatabase == nil
      }
      #expect(tour.count > 1)
      for block in tour {
        #expect(block.directive?.session == "tour", "README.md:\(block.openingLine)")
        #expect(block.directive?.setup.isEmpty ?? true, "README.md:\(block.openingLine)")
      }
      // A new database is made in the open, before any command that needs one.
      let first = try Transcript(#require(tour.first)).steps.first?.command
      #expect(first == "authcli migrate", "the tour starts with \(first ?? "nothing")")
    }

    /// Runs the block; records each difference, and returns the block's body as the binary
    /// printed it when it differs.
    private func check(
      _ block: FencedBlock, in document: MarkdownDocument, shared: SharedSandbox?
    ) async throws -> [String]? {
      let transcript: Transcript
      do {
        transcript = try Transcript(block)
      } catch {
        record("\(error)", document, line: block.openingLine)
        return nil
      }
      let directive = block.directive ?? Directive()
      if !directive.unknownKeys.isEmpty {
        record(
          "unknown keys in the sample comment: \(directive.unknownKeys)", document,
          line: block.openingLine)
      }
      if !directive.inputs.isEmpty, transcript.steps.count != 1 {
        record(
          "typed lines need a block with exactly one command", document, line: block.openingLine)
        return nil
      }
      var database: SampleDatabase?
      if let name = directive.postgresDatabase {
        // Without a server outside CI this announces that PostgreSQL runs are left out; under
        // CI it goes on, and making the database fails the check.
        guard TestPostgres.shouldRun else { return nil }
        do {
          database = try SampleDatabase(documentedName: name)
        } catch {
          record(
            "no PostgreSQL database for the block: \(error)", document, line: block.openingLine)
          return nil
        }
      }
      if shared != nil, database != nil {
        record(
          "a block of a session names no PostgreSQL database", document, line: block.openingLine)
        return nil
      }
      let home = try shared ?? SharedSandbox(SampleSandbox(database: database))
      for setup in directive.setup {
        let run = try await home.sandbox.run(setup)
        if run.status != 0 {
          record(
            "setup `\(setup)` exited \(run.status):\n\(run.output)", document,
            line: block.openingLine
          )
          return nil
        }
      }
      var body: [String] = []
      var differs = false
      for step in transcript.steps {
        let placement: TypedLinePlacement
        do {
          placement = try TypedLinePlacement(
            inputs: directive.inputs, documentedOutput: step.output)
        } catch {
          record("\(error)", document, line: step.line)
          return nil
        }
        let run = try await home.sandbox.run(
          step.command, input: TypedLinePlacement.standardInput(for: directive.inputs))
        guard let shown = placement.terminalView(ofPipeOutput: run.output) else {
          record(
            "`\(step.command)` did not ask the prompts the block answers, in that order:\n\(run.output)",
            document, line: step.line)
          return nil
        }
        if run.status != 0 {
          record(
            "`\(step.command)` exited \(run.status); show a failure with `|| echo \"exit $?\"`",
            document, line: step.line)
        }
        body.append("$ " + step.command)
        body +=
          shown.hasSuffix("\n")
          ? shown.dropLast().components(separatedBy: "\n") : shown.components(separatedBy: "\n")
        if shown.isEmpty { body.removeLast() }
        if SampleMask.masked(shown) != SampleMask.masked(step.expectedText) {
          differs = true
          if !Manual.isUpdating {
            record(
              "`\(step.command)` prints something else (\(Manual.updateHint))\n"
                + Self.difference(expected: step.expectedText, actual: shown),
              document, line: step.line)
          }
        }
      }
      return differs ? body : nil
    }

    /// The two texts side by side from their first differing line.
    private static func difference(expected: String, actual: String) -> String {
      let expectedLines = expected.components(separatedBy: "\n")
      let actualLines = actual.components(separatedBy: "\n")
      let first =
        zip(expectedLines, actualLines).enumerated().first {
          SampleMask.masked($0.element.0) != SampleMask.masked($0.element.1)
        }?.offset
        ?? min(expectedLines.count, actualLines.count)
      return "--- documented, from output line \(first + 1):\n"
        + expectedLines[first...].joined(separator: "\n") + "\n--- printed:\n"
        + actualLines[first...].joined(separator: "\n")
    }

    private func rewrite(
      _ document: MarkdownDocument, replacing replacements: [(block: FencedBlock, body: [String])]
    ) throws {
      var lines = document.lines
      // From the bottom up, so the line numbers of earlier blocks stay right.
      for (block, body) in replacements.sorted(by: { $0.block.openingLine > $1.block.openingLine })
      {
        let start = block.openingLine  // the first body line, 0-based
        lines.replaceSubrange(start..<(start + block.body.count), with: body)
      }
      try lines.joined(separator: "\n").write(
        toFile: Manual.root + "/" + document.relativePath, atomically: true, encoding: .utf8)
    }

    private func record(_ message: String, _ document: MarkdownDocument, line: Int) {
      Issue.record(
        Comment(rawValue: "\(document.relativePath):\(line): \(message)"),
        sourceLocation: SourceLocation(
          fileID: "authcli/" + document.relativePath,
          filePath: Manual.root + "/" + document.relativePath,
          line: line, column: 1))
    }
  }
}

/// A sandbox that several blocks of one file share, kept between their checks.
final class SharedSandbox {
  let sandbox: SampleSandbox

  init(_ sandbox: consuming SampleSandbox) { self.sandbox = sandbox }
}
