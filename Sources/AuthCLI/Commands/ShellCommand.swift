import AuthCore
import AuthViewModels
import CommandLineKit

/// `authcli shell`: the coordinator's flow of scenes on a line-mode terminal. It shares
/// the session with the scripted commands through the state file (none for `:memory:`).
@MainActor
struct ShellCommand {
  let context: CommandContext

  func run() async throws {
    if context.options.json {
      throw context.usageError("The shell talks to a person, never in JSON; leave out --json")
    }
    if context.options.noInput {
      throw context.usageError(
        "The shell reads everything from its input; --no-input forbids that")
    }
    let location = try context.databaseLocation()
    let root = try CompositionRoot(
      location: location, access: .createIfMissing, environment: context.process.environment)
    let stored = try root.sessionFile?.read()
    // Line editing only where a person types and sees the line: piped input is read as is,
    // and a terminal that says it is `dumb` (an editor's shell buffer, which edits lines
    // itself) gets no cursor movements it could not obey.
    let console = context.console
    let editor =
      console.inputIsTerminal && console.outputIsTerminal
        && context.process.environment["TERM"] != "dumb"
      ? LineEditor(historyFile: context.values[Self.history]) : nil
    defer { editor?.close() }
    let terminal = LineTerminal(
      input: console.input, output: console.output, style: context.outputStyle, editor: editor,
      columns: { [context] in context.outputColumns })
    let sessionFile = root.sessionFile
    // The shell talks to a person: a failure mid-session is text, whatever `--json` says.
    let printer = ErrorPrinter(
      console: context.console, process: context.process, json: false,
      noColor: context.options.noColor)
    let coordinator = AuthCoordinator(
      useCases: root.useCases, presenter: LineModePresenter(terminal: terminal), token: stored,
      tokenDidChange: { token in
        // A new token that cannot be kept is the coordinator's to act on: it ends that
        // session and stops, and the error leaves the shell as it leaves `signin`.
        if let token {
          try sessionFile?.write(token)
          return
        }
        do {
          try sessionFile?.remove()
        } catch {
          printer.print(ErrorReport(error))
        }
      })
    InterruptTrap.install()
    defer { InterruptTrap.uninstall() }
    await coordinator.start()
    let historyNotKept = editor?.saveHistory()
    if let error = coordinator.tokenNotKept { throw error }
    if let reason = historyNotKept, let path = context.values[Self.history] {
      // Asked for and lost: a failure, as output that did not arrive is.
      throw ErrorReport(
        kind: .ioError,
        message: "Cannot write the history file \(TerminalText.visible(path)): \(reason)")
    }
    terminal.say("Bye.")
  }
}

extension ShellCommand {
  static let history = Option<String?>(
    "history", valueName: "file",
    help:
      "Keep the answers typed on a terminal (never passwords) in this file, 0600, read at the "
      + "start and written at the end. Without it the history lasts one shell.",
    completion: .files)

  static let declaration: Subcommand = Subcommand(
    "shell", abstract: "Start the interactive line-mode front end.",
    discussion: """
      Menus accept the item's number or label. 'quit', 'exit' or Ctrl-D leave from anywhere;
      Ctrl-C cancels the current form. --db :memory: gives a throwaway database.

      On a terminal, answers that are not passwords are edited with libedit (arrows, Ctrl-A,
      Ctrl-E, ~/.editrc) and Up recalls earlier ones; passwords are read with echo off and
      never kept.
      """,
    options: [history]
  ) { context in
    try await ShellCommand(context: context).run()
  }
}
