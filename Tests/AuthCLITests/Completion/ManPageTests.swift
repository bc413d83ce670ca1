import AuthTestSupport
import Foundation
import Testing

/// Renders `authcli help --man` with the real `man` and groff.
@Suite("End to end: the man page")
struct ManPageTests {
  private func page(in sandbox: borrowing Sandbox) async throws -> String {
    let run = try await sandbox.run(["help", "--man"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasPrefix(".TH \"AUTHCLI\" \"1\""))
    let path = sandbox.root + "/authcli.1"
    try run.output.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func groffReadsItWithEveryWarningOnAndWarnsAboutNothing() async throws {
    let sandbox = try Sandbox()
    let path = try await page(in: sandbox)
    let run = try await sandbox.runProgram(
      "/usr/bin/env", ["groff", "-man", "-Tutf8", "-ww", "-z", path])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty, "\(run.errors)")
  }

  @Test func manRendersEveryCommandExitCodeAndSection() async throws {
    let sandbox = try Sandbox()
    let path = try await page(in: sandbox)
    let run = try await sandbox.runProgram(
      "/usr/bin/env", ["man", "--warnings=w", "-l", path],
      extraEnvironment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty, "\(run.errors)")
    let text = run.output
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS"] {
      #expect(text.contains("\n" + section + "\n"), "\(section)")
    }
    for command in [
      "authcli signup", "authcli sessions revoke", "authcli users list", "authcli migrate status",
      "authcli completion",
    ] {
      #expect(text.contains("   " + command + "\n"), "\(command)")
    }
    for code in ["64 (EX_USAGE)", "77 (EX_NOPERM)", "130 (SIGINT)"] {
      #expect(text.contains(code), "\(code)")
    }
    #expect(text.contains("--password-stdin"))
    for line in text.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }
}
