/// The `authcli` program: parses the arguments, runs the command, reports failures,
/// and answers the exit code. `main.swift` only calls `run`.
@MainActor
public struct CommandLineTool {
  private let console: Console
  private let process: ProcessContext

  /// A tool over the given streams and process context.
  public init(console: Console, process: ProcessContext) {
    self.console = console
    self.process = process
  }

  /// Runs one command line (without the program name) and returns the exit code.
  public func run(_ arguments: [String]) async -> ExitCode {
    let invocation: Invocation
    do {
      invocation = try ArgumentParser.parse(arguments)
    } catch {
      return printer(json: Self.asksForJSON(arguments), noColor: arguments.contains("--no-color"))
        .print(ErrorReport(error))
    }
    let printer = printer(json: invocation.options.json, noColor: invocation.options.noColor)
    let dispatcher = CommandDispatcher(invocation: invocation, console: console, process: process)
    do {
      try await dispatcher.run()
      return .ok
    } catch {
      return printer.print(ErrorReport(error))
    }
  }

  private func printer(json: Bool, noColor: Bool) -> ErrorPrinter {
    ErrorPrinter(
      console: console, json: json,
      style: Style.decide(
        isTerminal: console.errorsIsTerminal, noColorOption: noColor,
        environment: process.environment))
  }

  /// Whether `--json` was typed before any `--`, so that even a usage error answers in JSON.
  private static func asksForJSON(_ arguments: [String]) -> Bool {
    arguments.prefix { $0 != "--" }.contains("--json")
  }
}
