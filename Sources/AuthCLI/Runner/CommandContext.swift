import CommandLineKit

/// What every command runs with: the options, the streams, the process, and the styles.
@MainActor
struct CommandContext {
  let options: GlobalOptions
  let console: Console
  let process: ProcessContext
  /// The command's own options and arguments, read through their declarations.
  var values = ParsedValues()
  /// The words that name the command (`["authcli", "sessions", "revoke"]`), for usage errors.
  var commandPath = ["authcli"]

  /// Colour and width for standard output.
  var outputStyle: Style {
    Style.decide(
      isTerminal: console.outputIsTerminal, noColorOption: options.noColor,
      environment: process.environment, columns: outputColumns)
  }

  /// The width of a line on standard output: the terminal's, then `COLUMNS`; `nil` for a
  /// file or a pipe without `COLUMNS`, where tables keep their natural width.
  var outputColumns: Int? {
    console.outputTerminalColumns() ?? TerminalWidth.fromEnvironment(process.environment)
  }

  /// The width of help pages: as `outputColumns`, else 80.
  var pageWidth: Int { outputColumns ?? TextLayout.lineWidth }

  /// The database the options and environment name.
  func databaseLocation() throws(CLIError) -> DatabaseLocation {
    try DatabaseLocation.resolve(
      option: options.databasePath, environment: process.environment,
      currentDirectory: process.currentDirectory)
  }

  /// The database of a command run once from a script: `:memory:` is refused (64), since
  /// it would vanish with this process, and with it what the command wrote or its session.
  func lastingDatabaseLocation() throws(CLIError) -> DatabaseLocation {
    let location = try databaseLocation()
    if location == .memory {
      throw usageError("A ':memory:' database lasts one process; use it with 'authcli shell'")
    }
    return location
  }

  /// The lasting database of a command that never creates it: a missing SQLite file is
  /// refused (66) before anything is asked or read.
  func existingDatabaseLocation() throws(CLIError) -> DatabaseLocation {
    let location = try lastingDatabaseLocation()
    _ = try DatabaseOpener.existingPath(location)
    return location
  }

  /// The engine's database tools over the lasting database; nothing is opened yet.
  func databaseTools() throws(CLIError) -> any DatabaseTools {
    CompositionRoot.databaseTools(for: try lastingDatabaseLocation())
  }

  /// The operators' wiring (`CompositionRoot.forOperator`) over the lasting database.
  func operatorRoot() throws -> CompositionRoot {
    try CompositionRoot.forOperator(
      location: lastingDatabaseLocation(), environment: process.environment)
  }

  /// A usage error (64) whose hint points at this command's help.
  func usageError(_ message: String) -> CLIError {
    .usage(UsageError(message, commandPath: commandPath))
  }

  /// The value of an argument the parser has already required.
  func required<Value>(_ argument: Argument<Value>) throws(CLIError) -> Value {
    guard let value = values[argument] else {
      throw .internalFailure("The argument \(argument.declaration.label) was not parsed")
    }
    return value
  }

  /// The value of a required option, which the parser has already required.
  func required<Value>(_ option: RequiredOption<Value>) throws(CLIError) -> Value {
    guard let value = values[option] else {
      throw .internalFailure("The option \(option.declaration.label) was not parsed")
    }
    return value
  }

  /// Prints a result for people (ignored under `--json`, where `emit(json:)` speaks).
  /// The text is only built when it is printed.
  func show(_ text: @autoclosure () throws -> String) rethrows {
    guard !options.json else { return }
    let text = try text()
    console.output.write(text.hasSuffix("\n") ? text : text + "\n")
  }

  /// Prints the JSON result (only under `--json`). The value is only built when it is
  /// printed, so a command that prints text pays nothing for it.
  func emit<Output: Encodable>(json value: @autoclosure () throws -> Output) throws {
    guard options.json else { return }
    let output = try value()
    do throws(JSONEncodingFailure) {
      console.output.write(try JSONText.render(output))
    } catch {
      throw CLIError.internalFailure("The output has no JSON form: \(error.reason)")
    }
  }

  /// Prints a command's result: its JSON under `--json`, else its text, both from the one
  /// value.
  func print(_ output: some CommandOutput) throws {
    if options.json {
      try emit(json: output)
    } else {
      show(output.text(style: outputStyle))
    }
  }

  /// Prints progress or a notice on standard error, for people only.
  func note(_ text: String) {
    if !options.json { console.errors.write(text + "\n") }
  }
}
