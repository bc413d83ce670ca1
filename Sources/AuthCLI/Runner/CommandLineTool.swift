import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    // The version alone is answered before the command table is built: it needs none of it.
    if CommandLineShortcut.asksOnlyForVersion(arguments) {
      let context = CommandContext(options: GlobalOptions(), console: console, process: process)
      return await perform(context) { try AuthCLIVersion.print(in: context) }
    }
    let parsed: ParsedCommandLine<CommandAction>
    do {
      parsed = try AuthCLITool.declaration.parse(arguments)
    } catch {
      return printer(json: Self.asksForJSON(arguments), noColor: arguments.contains("--no-color"))
        .print(ErrorReport(error))
    }
    let context = CommandContext(
      options: GlobalOptions(parsed.values), console: console, process: process,
      values: parsed.values, commandPath: parsed.commandNames)
    switch parsed.request {
    case .help:
      return await perform(context) {
        // A page for people: `--json` is refused, not ignored, as `help` refuses it.
        if context.options.json {
          throw context.usageError(
            "Help pages are text; --json is for 'help errors' and 'help exit-codes'")
        }
        console.output.write(
          AuthCLITool.declaration.helpPage(for: parsed.path, width: context.pageWidth))
      }
    case .version:
      return await perform(context) { try AuthCLIVersion.print(in: context) }
    case .run(let action):
      return await perform(context) { try await action(context) }
    }
  }

  /// Runs `work`, reports its failure, and answers the exit code.
  private func perform(
    _ context: CommandContext, _ work: () async throws -> Void
  ) async -> ExitCode {
    do {
      try await work()
    } catch {
      return report(ErrorReport(error), in: context)
    }
    // As coreutils does: output that did not arrive (a full disk, a closed descriptor) is
    // a failure, not a success with the answer lost. A broken pipe still ends the process
    // by SIGPIPE at the write, unless the signal is ignored; then it is reported here too.
    if let reason = console.output.finish() {
      return report(
        ErrorReport(
          kind: .ioError,
          message: "Cannot write standard output: \(String(cString: strerror(reason)))",
          hint: "Check where standard output goes: a full disk, or a closed pipe or descriptor."),
        in: context)
    }
    return .ok
  }

  /// Prints a failure as the command's options ask and answers its exit code. The printer
  /// is made for a failure only, so that a command that succeeds reads nothing for it.
  private func report(_ failure: ErrorReport, in context: CommandContext) -> ExitCode {
    printer(json: context.options.json, noColor: context.options.noColor).print(failure)
  }

  private func printer(json: Bool, noColor: Bool) -> ErrorPrinter {
    ErrorPrinter(console: console, process: process, json: json, noColor: noColor)
  }

  /// Whether `--json` was typed before any `--`, so that even a usage error answers in JSON.
  private static func asksForJSON(_ arguments: [String]) -> Bool {
    arguments.prefix { $0 != "--" }.contains("--json")
  }
}
