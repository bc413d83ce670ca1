import Foundation
import Testing

/// authcli started with a standard descriptor closed, or with output that cannot arrive: a
/// closed input reads as empty input, output lost to a full disk or a closed descriptor is
/// an error (74), and a reader that went away still ends the process by SIGPIPE.
@Suite("Standard streams", .serialized)
final class StandardStreamTests: WorkspaceCase {
  /// The next step printed after a failure to write standard output.
  static let outputHint =
    "Check where standard output goes: a full disk, or a closed pipe or descriptor.\n"

  static let phrase = "standard stream pass phrase"

  /// A shell that runs authcli with `redirection` applied (`"$@"` is authcli and its
  /// arguments).
  static func shell(_ script: String) -> [String] { ["/bin/sh", "-c", script, "sh"] }

  @Test(
    "with standard input closed, a command that reads it ends with 'input ended' instead of waiting",
    arguments: [
      ["verify", "--username", "owner", "--password-stdin"],
      ["signin", "--username", "owner", "--password-stdin"],
      ["sessions", "check", "--token-stdin"],
      ["users", "add", "--username", "second", "--password-stdin"],
    ])
  func closedInput(arguments: [String]) async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    // The limit only guards the run: the case is the exit code, well inside it.
    let result = try await workspace.run(
      ["--db", workspace.database] + arguments, wrapper: Self.shell("exec \"$@\" <&-"),
      limit: .seconds(20))
    #expect(!result.timedOut, "\(arguments): \(result.summary)")
    #expect(result.exitCode == ExitCodes.noInput, "\(arguments): \(result.summary)")
    #expect(
      result.errorText
        == "Error: Input ended; nothing was changed.\n"
        + "Give every line the command reads (one per answer) and run it again.\n",
      "\(arguments)")
  }

  @Test("output to a full disk is an error: exit 74, one line saying so and its next step")
  func fullDisk() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    for arguments in [["audit"], ["whoami"], ["users", "list"], ["--version"]] {
      let result = try await workspace.run(
        ["--db", workspace.database] + arguments, wrapper: Self.shell("exec \"$@\" >/dev/full"))
      #expect(result.exitCode == ExitCodes.ioError, "\(arguments): \(result.summary)")
      #expect(
        result.errorText
          == "Error: Cannot write standard output: No space left on device\n" + Self.outputHint,
        "\(arguments): \(result.summary)")
    }
  }

  @Test("output to a closed standard output is an error, in JSON with --json")
  func closedOutput() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    let text = try await workspace.run(
      ["--db", workspace.database, "whoami"], wrapper: Self.shell("exec \"$@\" >&-"))
    #expect(text.exitCode == ExitCodes.ioError, "\(text.summary)")
    #expect(
      text.errorText == "Error: Cannot write standard output: Bad file descriptor\n"
        + Self.outputHint
    )
    let json = try await workspace.run(
      ["--db", workspace.database, "--json", "whoami"], wrapper: Self.shell("exec \"$@\" >&-"))
    #expect(json.exitCode == ExitCodes.ioError, "\(json.summary)")
    let object = try JSONSerialization.jsonObject(with: json.errors) as? [String: Any]
    let error = try #require(object?["error"] as? [String: Any], "\(json.summary)")
    #expect(error["code"] as? Int == 74)
    #expect(error["kind"] as? String == "io_error")
    // Nothing the process opened took the closed number: the database is untouched by
    // the text, and still opens.
    let after = try await workspace.run(["--db", workspace.database, "whoami"])
    #expect(after.exitCode == ExitCodes.ok, "\(after.summary)")
  }

  @Test("with standard error closed too, a refusal keeps its exit code and writes nowhere else")
  func closedErrors() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    let before = try Data(contentsOf: URL(fileURLWithPath: workspace.database))
    let result = try await workspace.run(
      ["--db", workspace.database, "users", "show", "nobody-here"],
      wrapper: Self.shell("exec \"$@\" >&- 2>&-"))
    #expect(result.exitCode == ExitCodes.invalidData, "\(result.summary)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.database)) == before)
  }

  @Test("a reader that went away still ends the process by SIGPIPE, silently")
  func brokenPipe() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    // `true` reads nothing and exits at once; authcli starts after it, so its first write
    // meets a pipe without a reader. The status is reported on standard error.
    let script = "{ sleep 1; \"$@\"; echo \"status $?\" >&2; } | true"
    let result = try await workspace.run(
      ["--db", workspace.database, "audit"], wrapper: Self.shell(script))
    #expect(result.exitCode == ExitCodes.ok, "\(result.summary)")
    #expect(result.errorText == "status \(128 + SIGPIPE)\n", "\(result.summary)")
    // With SIGPIPE ignored (inherited), the broken pipe is a write error like any other.
    let ignored = try await workspace.run(
      ["--db", workspace.database, "audit"], wrapper: Self.shell("trap '' PIPE; " + script))
    #expect(
      ignored.errorText
        == "Error: Cannot write standard output: Broken pipe\n" + Self.outputHint + "status 74\n",
      "\(ignored.summary)")
  }
}
