import Testing

@testable import AuthCLI

@Suite("Command context output")
@MainActor
struct CommandContextTests {
  private final class Evaluations {
    var text = 0
    var json = 0
  }

  private func context(json: Bool) -> (CommandContext, BufferSink) {
    let output = BufferSink()
    let console = Console(
      output: output, errors: BufferSink(), input: ScriptedLineSource(lines: []),
      inputIsTerminal: false, outputIsTerminal: false, errorsIsTerminal: false)
    let context = CommandContext(
      options: GlobalOptions(json: json), console: console,
      process: ProcessContext(environment: [:], currentDirectory: "/"))
    return (context, output)
  }

  private func both(_ context: CommandContext, counting evaluations: Evaluations) throws {
    context.show(
      {
        evaluations.text += 1; return "for people"
      }())
    try context.emit(
      json: {
        evaluations.json += 1; return ["for": "machines"]
      }())
  }

  @Test func onlyTheFormThatIsPrintedIsBuilt() throws {
    let (text, textOutput) = context(json: false)
    let forText = Evaluations()
    try both(text, counting: forText)
    #expect((forText.text, forText.json) == (1, 0))
    #expect(textOutput.text == "for people\n")

    let (json, jsonOutput) = context(json: true)
    let forJSON = Evaluations()
    try both(json, counting: forJSON)
    #expect((forJSON.text, forJSON.json) == (0, 1))
    #expect(jsonOutput.text.contains("\"for\" : \"machines\""))
  }
}
