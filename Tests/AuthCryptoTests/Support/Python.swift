import AuthTestSupport
import Foundation
import Testing

/// Runs Python 3 snippets, for checks against implementations written independently of ours
/// (pyotp, the standard library's base64).
enum Python {
  /// What a snippet printed and how it ended.
  struct Run {
    let status: Int32
    let output: String
    let errors: String
  }

  /// Whether `import <module>` works.
  static func hasModule(_ module: String) -> Bool {
    (try? run("import \(module)"))?.status == 0
  }

  /// Whether the tests needing pyotp run (see `shouldRun(needing:)`); decided, and a skip
  /// announced, once per test process.
  static let runsPyOTPTests = shouldRun(needing: "pyotp")
  /// Whether the tests needing only Python's standard library run.
  static let runsStandardLibraryTests = shouldRun(needing: "hashlib")

  /// Whether a test needing `module` runs: when Python has it, or under CI (where the test
  /// then fails). Otherwise says once on standard error what is left out and why.
  static func shouldRun(needing module: String) -> Bool {
    if hasModule(module) || TestEnvironment.isContinuousIntegration { return true }
    FileHandle.standardError.write(
      Data(
        ("Tests needing Python's \(module) left out: it is not installed (script/setup installs"
          + " it; under CI they fail instead)\n").utf8))
    return false
  }

  /// Runs `python3 -c code` with `input` on standard input.
  static func run(_ code: String, input: String = "") throws -> Run {
    let run = try ChildProcess.capture("/usr/bin/env", ["python3", "-c", code], input: input)
    return Run(status: run.status, output: run.output, errors: run.errors)
  }

  /// Runs `code` and returns its output's lines, recording an issue when it fails.
  static func lines(
    _ code: String, input: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    let result = try run(code, input: input)
    #expect(result.status == 0, "\(result.errors)", sourceLocation: sourceLocation)
    return result.output.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }
}
