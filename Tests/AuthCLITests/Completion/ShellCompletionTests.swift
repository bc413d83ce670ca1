import AuthTestSupport
import Foundation
import Testing

/// Loads `authcli completion bash|zsh|fish` into the real shells and asks each for the
/// completions of partial command lines.
@Suite("End to end: shell completions in real shells")
struct ShellCompletionTests {
  private static let zshProbe = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PTY/zsh_completions.py").path

  /// Partial lines and what every shell must offer for them (and must not).
  private static let cases: [(line: String, offered: [String], notOffered: [String])] = [
    ("authcli sig", ["signin", "signout", "signup"], ["whoami"]),
    (
      "authcli ",
      ["signup", "signin", "sessions", "users", "migrate", "completion", "help"], ["--db"]
    ),
    ("authcli sessions ", ["list", "revoke", "token", "check"], ["signup"]),
    ("authcli signup --user", ["--username"], ["--all"]),
    ("authcli signout --", ["--all", "--db", "--json", "--help"], ["--username"]),
    ("authcli --db /tmp/x signin --", ["--username", "--password-stdin"], ["--all"]),
    ("authcli completion ", ["bash", "zsh", "fish"], ["signup"]),
    ("authcli help ", ["signup", "sessions", "exit-codes"], []),
    ("authcli migrate ", ["status"], ["list"]),
    ("authcli sessions revoke --", ["--db", "--json"], ["--all"]),
    (
      "authcli users ", ["list", "add", "show", "delete", "lock", "unlock", "reset-password"],
      ["revoke"]
    ),
    ("authcli users lock ada --", ["--reason", "--db"], ["--yes"]),
    ("authcli audit --kind sign_in", ["sign_in_succeeded", "sign_in_failed"], ["sign_up"]),
    ("authcli sessions check --", ["--token-stdin"], ["--all"]),
    // Short forms beside the long ones; a short option that reads a value skips it.
    ("authcli signup -", ["-u", "--username", "--password-stdin", "-h"], ["-y", "-p"]),
    ("authcli users delete ada -", ["-y", "--yes"], ["-u"]),
    ("authcli signin -u ada --", ["--password-stdin", "--username"], ["--all"]),
    ("authcli -", ["-V", "--version", "-h"], ["-y"]),
    ("authcli ver", ["version", "verify"], ["signup"]),
  ]

  private func script(for shell: String, in sandbox: borrowing Sandbox) async throws -> String {
    let run = try await sandbox.run(["completion", shell])
    #expect(run.status == 0, "\(run.errors)")
    let path = sandbox.root + "/completion." + shell
    try run.output.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func check(_ shell: String, _ answers: [String]) {
    #expect(answers.count == Self.cases.count, "\(shell): \(answers)")
    for (answer, expected) in zip(answers, Self.cases) {
      let offered = Set(answer.split(separator: " ").map(String.init))
      for word in expected.offered {
        #expect(offered.contains(word), "\(shell): '\(expected.line)' offers \(offered.sorted())")
      }
      for word in expected.notOffered {
        #expect(!offered.contains(word), "\(shell): '\(expected.line)' offers \(word)")
      }
    }
  }

  /// The command that loads the script at `path` into `shell` and prints, a line each, what
  /// it offers for each of the lines passed after it.
  private static func probe(_ shell: String, script path: String) -> [String] {
    switch shell {
    case "bash":
      // COMP_WORDS as bash splits a line typed at the prompt; a trailing space starts a new
      // word.
      let probe = """
        source "$1"; shift
        for line in "$@"; do
          read -ra COMP_WORDS <<<"$line"
          [[ $line == *" " ]] && COMP_WORDS+=("")
          COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
          COMPREPLY=()
          _authcli
          echo "${COMPREPLY[*]}"
        done
        """
      return ["bash", "--norc", "--noprofile", "-c", probe, "probe", path]
    case "fish":
      let probe = """
        source $argv[1]
        for line in $argv[2..-1]
            set -l words (complete -C "$line" | string split -f1 \\t)
            echo "$words"
        end
        """
      return ["fish", "--no-config", "-c", probe, path]
    default:
      return ["python3", zshProbe, path]
    }
  }

  @Test(arguments: ["bash", "fish", "zsh"])
  func completesSubcommandsOptionsAndValues(in shell: String) async throws {
    let sandbox = try Sandbox()
    let path = try await script(for: shell, in: sandbox)
    let run = try await sandbox.runProgram(
      "/usr/bin/env", Self.probe(shell, script: path) + Self.cases.map(\.line))
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty, "\(run.errors)")
    check(
      shell,
      run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
        String.init))
  }

  @Test func everyShellCompletesAPathForTheDatabaseOption() async throws {
    let sandbox = try Sandbox()
    let folder = sandbox.root + "/dbs"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: folder + "/accounts.sqlite3", contents: nil)
    let line = "authcli --db \(folder)/acc"
    let bash = try await sandbox.runProgram(
      "/usr/bin/env",
      [
        "bash", "--norc", "--noprofile", "-c",
        "source \"$1\"; COMP_WORDS=(authcli --db \"$2\"); COMP_CWORD=2; _authcli; echo \"${COMPREPLY[*]}\"",
        "probe", try await script(for: "bash", in: sandbox), folder + "/acc",
      ])
    #expect(bash.output == folder + "/accounts.sqlite3\n", "\(bash.errors)")
    let fish = try await sandbox.runProgram(
      "/usr/bin/env",
      [
        "fish", "--no-config", "-c", "source $argv[1]; complete -C $argv[2]",
        try await script(for: "fish", in: sandbox), line,
      ])
    #expect(fish.output.hasPrefix(folder + "/accounts.sqlite3"), "\(fish.errors)")
    let zsh = try await sandbox.runProgram(
      "/usr/bin/env", ["python3", Self.zshProbe, try await script(for: "zsh", in: sandbox), line])
    #expect(zsh.output.contains("accounts.sqlite3"), "\(zsh.output)\(zsh.errors)")
  }
}
