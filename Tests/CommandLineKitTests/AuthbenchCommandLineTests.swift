import AuthTestSupport
import Foundation
import Testing

/// authbench reads its options through CommandLineKit too: the same help layout and the
/// same usage errors (exit 64), from the built binary (nothing is measured).
@Suite("authbench's declared command line")
struct AuthbenchCommandLineTests {
  private struct Run {
    let status: Int32
    let output: String
    let errors: String
  }

  /// The binary SwiftPM builds next to this test bundle.
  private static let binary: String =
    BuiltProducts.path(of: ["authbench"])
    ?? BuiltProducts.testBinary.deletingLastPathComponent().appendingPathComponent("authbench")
    .path

  private func run(_ arguments: [String]) throws -> Run {
    let run = try ChildProcess.capture(Self.binary, arguments)
    return Run(status: run.status, output: run.output, errors: run.errors)
  }

  @Test func theHelpPageIsDerivedFromTheDeclarations() throws {
    let help = try run(["--help"])
    #expect(help.status == 0, "\(help.errors)")
    #expect(help.output.hasPrefix("OVERVIEW: Measures authcli's layers"))
    for part in [
      "\n\nUSAGE: authbench [--figures <list>] ", "\n\nFIGURES:\n  1  session check",
      "\n\nOPTIONS:\n  -f, --figures <list>", "  -r, --repetitions <n>   ", "(default: 7)",
      "\n  -h, --help              Show help information.\n",
    ] {
      #expect(help.output.contains(part), "\(part)")
    }
    #expect(try run(["-h"]).output == help.output)
    #expect(try run(["help"]).output == help.output)
    for line in help.output.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  @Test func mistakesAreUsageErrors() throws {
    let cases: [([String], String)] = [
      (
        ["-r", "3"],
        "The value '3' is invalid for '--repetitions <n>': use a whole number of at least 5"
      ),
      (
        ["--cost", "huge"],
        "The value 'huge' is invalid for '--cost <name>': use one of interactive, moderate, minimum"
      ),
      (
        ["--figures", "9"],
        "The value '9' is invalid for '--figures <list>': use numbers from 1 to 8, for example 1,2,3"
      ),
      (["--frob"], "Unknown option '--frob'"),
      (["--lookups"], "Missing value for '--lookups <n>'"),
    ]
    for (arguments, message) in cases {
      let result = try run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.output.isEmpty)
      #expect(result.errors == "Error: \(message)\nSee 'authbench --help'.\n", "\(arguments)")
    }
  }
}
