import Foundation
import Testing

@testable import AuthCLI

@Suite("Usage errors on standard error")
@MainActor
struct UsageErrorOutputTests {
  private let harness = ToolHarness()

  @Test func aUsageErrorPrintsTheMessageAndTheHintAndExits64() async {
    let result = await harness.run(["signin", "--frob"])
    #expect(result.code == .usage)
    #expect(result.output.isEmpty)
    #expect(result.errors == "Error: Unknown option '--frob'\nSee 'authcli signin --help'.\n")
  }

  @Test func withJSONTheErrorIsOneObjectOnStandardError() async throws {
    let result = await harness.run(["--json", "frobnicate"])
    #expect(result.code == .usage)
    #expect(result.output.isEmpty)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.errors.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["code"] as? Int == 64)
    #expect(error["kind"] as? String == "usage")
    #expect(error["message"] as? String == "Unknown subcommand 'frobnicate'")
    #expect(error["fields"] == nil)
  }

  @Test func severalFailedFieldsGiveOneErrorLineEach() {
    let output = BufferSink()
    let console = Console(
      output: output, errors: output, input: ScriptedLineSource(lines: []), inputIsTerminal: false,
      outputIsTerminal: false, errorsIsTerminal: false)
    let code = ErrorPrinter(console: console, json: false, style: .plain).print(
      ErrorReport(
        CLIError.validationFailed([
          FieldError(field: "username", reason: .tooShort, message: "Use 3 to 32 characters"),
          FieldError(field: "password", reason: .required, message: "Enter a password"),
        ])))
    #expect(code == .invalidData)
    #expect(
      output.text == "Error: username: Use 3 to 32 characters\nError: password: Enter a password\n")
  }

  @Test func colourIsUsedOnlyOnATerminalWithoutNoColor() {
    #expect(Style.decide(isTerminal: true, noColorOption: false, environment: [:]).isEnabled)
    #expect(!Style.decide(isTerminal: false, noColorOption: false, environment: [:]).isEnabled)
    #expect(!Style.decide(isTerminal: true, noColorOption: true, environment: [:]).isEnabled)
    #expect(
      !Style.decide(isTerminal: true, noColorOption: false, environment: ["NO_COLOR": "1"])
        .isEnabled)
    #expect(
      Style.decide(isTerminal: true, noColorOption: false, environment: ["NO_COLOR": ""]).isEnabled)
    #expect(
      !Style.decide(isTerminal: true, noColorOption: false, environment: ["TERM": "dumb"])
        .isEnabled)
    #expect(
      Style.decide(isTerminal: true, noColorOption: false, environment: ["TERM": "xterm"])
        .isEnabled)
    #expect(Style(isEnabled: true).failure("Error:") == "\u{1B}[1;31mError:\u{1B}[0m")
    #expect(Style.plain.failure("Error:") == "Error:")
  }

  @Test func controlCharactersFromTheCommandLineArePrintedEscaped() async throws {
    let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}1m\u{202E}"
    let result = await harness.run([hostile])
    #expect(result.code == .usage)
    #expect(
      result.errors
        == "Error: Unknown subcommand '\\u{1B}]0;owned\\u{7}\\u{1B}[2J\\u{9B}1m\\u{202E}'\n"
        + "See 'authcli --help'.\n")
    // JSON escapes them itself; the message keeps the exact text.
    let json = await harness.run(["--json", hostile])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.errors.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["message"] as? String == "Unknown subcommand '\(hostile)'")
    #expect(!json.errors.contains("\u{1B}"))
  }
}
