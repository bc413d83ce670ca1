import Testing

@testable import AuthCLI

@Suite("The shell's questions")
@MainActor
struct LineTerminalTests {
  @Test func aLineThatIsNotTextIsAskedAgain() {
    let output = BufferSink()
    let terminal = LineTerminal(
      input: ScriptedLineSource([.notText, .notText, .line("pass phrase")]), output: output,
      style: .plain)
    #expect(terminal.ask("Password: ", secret: true) == .text("pass phrase"))
    let refusal = "  ! " + LineTerminal.notTextMessage + "\n"
    #expect(output.text == "Password: " + refusal + "Password: " + refusal + "Password: ")
    #expect(!terminal.isLeaving)
  }
}
