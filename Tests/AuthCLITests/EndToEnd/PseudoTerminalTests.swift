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
    try await Self.runScript("terminal_session.py", success: "PTY OK")
  }

  /// `PTY/second_factor_session.py`: `2fa enable` draws the QR code and confirms in one go,
  /// the shell's code prompt (Ctrl-C goes back) and `signin`'s, every secret unechoed.
  @Test(.enabled(if: PyOTP.runs, "needs Python's pyotp (script/setup)"))
  func enrolmentDrawsTheQRCodeAndCodePromptsHideTheCodeAndCtrlCGoesBack() async throws {
    try await Self.runScript(
      "second_factor_session.py", success: "PTY 2FA OK", modules: ["pexpect", "pyotp"])
  }

  /// `PTY/new_password_session.py`: for an account that must choose a new password,
  /// `signin` and the shell ask for it twice after the password, echo off; the old one is
  /// refused at once; Ctrl-C in the shell goes back without a session.
  @Test func aDueNewPasswordIsAskedTwiceUnechoedAndCtrlCGoesBack() async throws {
    try await Self.runScript("new_password_session.py", success: "PTY NEW PASSWORD OK")
  }

  /// `PTY/line_editing.py`: the shell's answers are edited with libedit (Left-arrow, Ctrl-A),
  /// Up-arrow recalls earlier ones, and no password reaches the history or its file.
  @Test func theShellEditsAnswersAndRecallsThemButNeverAPassword() async throws {
    try await Self.runScript("line_editing.py", success: "PTY EDIT OK")
  }

  /// `PTY/history_file.py`: `shell --history` refuses a link (dangling or not), another
  /// user's file, a file or folder others may write (or read), before the shell starts and
  /// without touching what they point to; a link planted while the shell runs is refused
  /// at the save; a passphrase typed as a name is kept neither in the file nor for Up.
  @Test func theHistoryFileIsAPrivateFileAndKeepsNoNameThatNeverSignedIn() async throws {
    try await Self.runScript("history_file.py", success: "PTY HISTORY OK")
  }

  /// `PTY/terminal_layout.py`: signup, signin, passwd, users add and users reset-password
  /// re-ask a refused field at once; help and tables fit a 40-column window and use a
  /// 120-column one; at 80 columns `users list`, `sessions list` and `audit` print one line
  /// a record; TERM=dumb has no colour.
  @Test func commandsReAskRefusedFieldsAndFitTheWindowWithoutColourOnADumbTerminal()
    async throws
  {
    try await Self.runScript("terminal_layout.py", success: "PTY LAYOUT OK")
  }

  /// Runs `PTY/<name>` in a fresh sandbox and expects it to end with `success`; a missing
  /// Python module is a recorded failure that names it, never a skip.
  private static func runScript(
    _ name: String, success: String, modules: [String] = ["pexpect"]
  ) async throws {
    let sandbox = try Sandbox()
    let python = "/usr/bin/env"
    let probe = try await sandbox.runProgram(
      python, ["python3", "-c", "import " + modules.joined(separator: ", ")])
    guard probe.status == 0 else {
      let needed = modules.joined(separator: " and ")
      Issue.record(
        "This test needs Python 3 with \(needed) (script/setup installs them): \(probe.errors)")
      return
    }
    let run = try await sandbox.runProgram(
      python, ["python3", script(name), AuthCLIBinary.path])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(run.output.hasSuffix(success + "\n"), "\(run.output)\(run.errors)")
  }
}
