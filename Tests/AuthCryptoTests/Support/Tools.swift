import AuthTestSupport
import Foundation
import Testing

/// Programs of the system that make password hashes independently of this package
/// (OpenSSL's `openssl passwd`, `mkpasswd` from Debian's whois, Apache's `htpasswd`).
enum Tool {
  /// What a program printed and how it ended.
  struct Run {
    let status: Int32
    let output: String
  }

  /// A program the test needs is not on `PATH` (under CI, where the test runs anyway).
  struct Missing: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) is not installed (script/setup installs it)" }
  }

  /// Whether the tests needing `openssl` run; decided, and a skip announced, once.
  static let runsOpenSSLTests = TestEnvironment.runsTests(needing: "openssl", from: "openssl")
  /// Whether the tests needing `mkpasswd` run.
  static let runsMkpasswdTests = TestEnvironment.runsTests(needing: "mkpasswd", from: "whois")
  /// Whether the tests needing `htpasswd` run.
  static let runsHtpasswdTests = TestEnvironment.runsTests(
    needing: "htpasswd", from: "apache2-utils")

  /// Runs `name` with `arguments` and `input` on standard input; standard error is dropped.
  static func run(_ name: String, _ arguments: [String], input: String = "") throws -> Run {
    guard let executable = TestEnvironment.programPath(name) else { throw Missing(name: name) }
    let run = try ChildProcess.capture(executable, arguments, input: input)
    return Run(status: run.status, output: run.output)
  }

  /// The first line `name` prints, recording an issue when it fails.
  static func line(
    _ name: String, _ arguments: [String], input: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let result = try run(name, arguments, input: input)
    #expect(result.status == 0, "\(name) \(arguments) failed", sourceLocation: sourceLocation)
    return String(result.output.split(separator: "\n").first ?? "")
  }
}

extension Python {
  /// Whether the tests needing passlib with its bcrypt and Argon2 back ends run.
  static let runsPasslibTests = shouldRun(needing: "passlib.hash, bcrypt, argon2")
}
