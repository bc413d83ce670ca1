import AuthTestSupport
import Foundation
import Testing

/// Runs the scripts in `PTY/` (Python 3 with pexpect) against the built binary: a real
/// pseudo-terminal, so hidden prompts, Ctrl-C and the shell behave as for a person.
@Suite("End to end: a real pseudo-terminal")
struct PseudoTerminalTests {
  private static func script(_ name: String) -> String {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("PTY/\(name)").path
  }

  @Test func passwordsAreNotEchoedCtrlCRestoresEchoAndTheShellWalksThrough() async throws {
    let sandbox = try Sandbox()
    let python = "/usr/bin/env"
    let probe = try await sandbox.runProgram(python, ["python3", "-c", "import pexpect"])
    guard probe.status == 0 else {
      Issue.record(
        "This test needs Python 3 with pexpect (Debian: apt-get install python3-pexpect)")
      return
    }
    let run = try await sandbox.runProgram(
      python, ["python3", Self.script("terminal_session.py"), AuthCLIBinary.path])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.hasSuffix("PTY OK\n"), "\(run.output)\(run.errors)")
  }

  /// `PTY/second_factor_session.py`: `2fa enable` draws the QR code and confirms in one go,
  /// the shell's code prompt (Ctrl-C goes back) and `signin`'s, every secret unechoed.
  @Test(.enabled(if: PyOTP.runs, "needs Python's pyotp (script/setup)"))
  func enrolmentDrawsTheQRCodeAndCodePromptsHideTheCodeAndCtrlCGoesBack() async throws {
    let sandbox = try Sandbox()
    let python = "/usr/bin/env"
    let probe = try await sandbox.runProgram(python, ["python3", "-c", "import pexpect, pyotp"])
    guard probe.status == 0 else {
      Issue.record(
        "This test needs Python 3 with pexpect and pyotp (script/setup): \(probe.errors)")
      return
    }
    let run = try await sandbox.runProgram(
      python, ["python3", Self.script("second_factor_session.py"), AuthCLIBinary.path])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.hasSuffix("PTY 2FA OK\n"), "\(run.output)\(run.errors)")
  }

  /// `PTY/line_editing.py`: the shell's answers are edited with libedit (Left-arrow, Ctrl-A),
  /// Up-arrow recalls earlier ones, and no password reaches the history or its file.
  @Test func theShellEditsAnswersAndRecallsThemButNeverAPassword() async throws {
    try await Self.runScript("line_editing.py", success: "PTY EDIT OK")
  }

  /// `PTY/terminal_layout.py`: signup, signin, passwd, users add and users reset-password
  /// re-ask a refused field at once; help and tables fit a 40-column window and use a
  /// 120-column one; TERM=dumb has no colour.
  @Test func commandsReAskRefusedFieldsAndFitTheWindowWithoutColourOnADumbTerminal()
    async throws
  {
    try await Self.runScript("terminal_layout.py", success: "PTY LAYOUT OK")
  }

  private static func runScript(_ name: String, success: String) async throws {
    let sandbox = try Sandbox()
    let python = "/usr/bin/env"
    let probe = try await sandbox.runProgram(python, ["python3", "-c", "import pexpect"])
    guard probe.status == 0 else {
      Issue.record(
        "This test needs Python 3 with pexpect (Debian: apt-get install python3-pexpect)")
      return
    }
    let run = try await sandbox.runProgram(
      python, ["python3", script(name), AuthCLIBinary.path])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.hasSuffix(success + "\n"), "\(run.output)\(run.errors)")
  }
}
