import Foundation

@testable import AuthCLI

/// Runs the tool in-process over buffers, for tests that need no database.
@MainActor
struct ToolHarness {
  var environment: [String: String] = ["HOME": "/nonexistent-home"]
  var input: [String] = []
  var inputIsTerminal = false

  struct Result {
    let code: ExitCode
    let output: String
    let errors: String
  }

  func run(_ arguments: [String]) async -> Result {
    let output = BufferSink()
    let errors = BufferSink()
    let console = Console(
      output: output, errors: errors, input: ScriptedLineSource(lines: input),
      inputIsTerminal: inputIsTerminal, outputIsTerminal: false, errorsIsTerminal: false)
    let tool = CommandLineTool(
      console: console, process: ProcessContext(environment: environment, currentDirectory: "/tmp"))
    let code = await tool.run(arguments)
    return Result(code: code, output: output.text, errors: errors.text)
  }
}
