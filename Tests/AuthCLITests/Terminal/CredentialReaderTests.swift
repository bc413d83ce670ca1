import Testing

@testable import AuthCLI

@Suite("Reading credentials for scripted commands")
@MainActor
struct CredentialReaderTests {
  private func reader(
    _ answers: [LineRead], terminal: Bool, noInput: Bool = false, fromStandardInput: Bool = false
  ) -> (CredentialReader, BufferSink) {
    let errors = BufferSink()
    let console = Console(
      output: BufferSink(), errors: errors, input: ScriptedLineSource(answers),
      inputIsTerminal: terminal, outputIsTerminal: false, errorsIsTerminal: false)
    let context = CommandContext(
      options: GlobalOptions(noInput: noInput), console: console,
      process: ProcessContext(environment: [:], currentDirectory: "/"),
      commandPath: ["authcli", "signin"])
    let reader = CredentialReader(context: context, passwordFromStandardInput: fromStandardInput)
    return (reader, errors)
  }

  @Test func onATerminalTheUsernameAndPasswordArePromptedOnStandardError() throws {
    let (reader, errors) = reader([.line("ada"), .line(" pass phrase ")], terminal: true)
    #expect(try reader.username(given: nil) == "ada")
    #expect(try reader.password(prompt: "Password: ") == " pass phrase ")
    #expect(errors.text == "Username: Password: ")
  }

  @Test func aGivenUsernameIsNotAskedFor() throws {
    let (reader, errors) = reader([], terminal: true)
    #expect(try reader.username(given: "bob") == "bob")
    #expect(errors.text.isEmpty)
  }

  @Test func withPasswordStdinLinesAreReadWithoutAPrompt() throws {
    let (reader, errors) = reader(
      [.line("first"), .line("second")], terminal: false, fromStandardInput: true)
    #expect(try reader.password(prompt: "Password: ") == "first")
    #expect(try reader.password(prompt: "Repeat password: ") == "second")
    #expect(throws: CLIError.endOfInput) { try reader.password(prompt: "Again: ") }
    #expect(errors.text.isEmpty)
  }

  @Test func theEndOfInputAndCtrlCAtAPromptAreTheirOwnErrors() {
    let (ended, _) = reader([.endOfInput], terminal: true)
    #expect(throws: CLIError.endOfInput) { try ended.password(prompt: "Password: ") }
    let (interrupted, _) = reader([.interrupted], terminal: true)
    #expect(throws: CLIError.interrupted) { try interrupted.password(prompt: "Password: ") }
    #expect(ErrorReport(CLIError.interrupted).code == .interrupted)
  }

  @Test func withoutATerminalOrUnderNoInputTheFlagToPassIsNamed() {
    let (pipe, _) = reader([.line("x")], terminal: false)
    #expect(
      throws: CLIError.usage(
        UsageError("Standard input is not a terminal; pass --password-stdin", at: ["signin"]))
    ) { try pipe.password(prompt: "Password: ") }
    let (refused, _) = reader([.line("x")], terminal: true, noInput: true)
    #expect(
      throws: CLIError.usage(
        UsageError(
          "Input is needed but --no-input was given; pass --username <name>", at: ["signin"]))
    ) { try refused.username(given: nil) }
  }

  @Test func aPasswordThatIsNotTextIsRefusedWithExit65() {
    let (piped, _) = reader([.notText], terminal: false, fromStandardInput: true)
    #expect(throws: CLIError.notText) { try piped.password(prompt: "Password: ") }
    let (prompted, _) = reader([.notText], terminal: true)
    #expect(throws: CLIError.notText) { try prompted.password(prompt: "Password: ") }
    #expect(ErrorReport(CLIError.notText).code == .invalidData)
  }
}
