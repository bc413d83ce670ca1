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
    // Line editing only where a person types and sees the line: piped input is read as is,
    // and a terminal that says it is `dumb` (an editor's shell buffer, which edits lines
    // itself) gets no cursor movements it could not obey.
    let console = context.console
    let editsLines =
      console.inputIsTerminal && console.outputIsTerminal
      && context.process.environment[.terminal] != "dumb"
    let historyFile = editsLines ? context.values[Self.history].map(HistoryFile.init) : nil
    // A history file refused as any private file is (a link, another user's, open to
    // others) stops the shell before it starts, as a refused token file stops a command.
    let savedHistory = try historyFile?.read()
    let root = try CompositionRoot(
      location: location, access: .createIfMissing, environment: context.process.environment)
    let stored = try root.sessionFile?.read()
    let editor = editsLines ? LineEditor(savedHistory: savedHistory) : nil
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
          // The name just typed is an account's, not a passphrase in the wrong field.
          editor?.keepHeldName()
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
    var historyNotKept: CLIError?
    if let editor, let historyFile {
      do { try editor.saveHistory(to: historyFile) } catch { historyNotKept = error }
    }
    if let error = coordinator.tokenNotKept { throw error }
    if let historyNotKept, let historyFile {
      // Asked for and lost: a failure, as output that did not arrive is.
      let path = TerminalText.visible(historyFile.path)
      throw ErrorReport(
        kind: .ioError,
        message:
          "Cannot write the history file \(path): \(Self.reason(historyNotKept, historyFile))")
    }
    terminal.say("Bye.")
  }
}

extension ShellCommand {
  /// Why the history file was not written, naming the folder when the folder was refused.
  private static func reason(_ error: CLIError, _ file: HistoryFile) -> String {
    switch error {
    case .inputOutput(let path, let reason), .cannotCreate(let path, let reason):
      path == file.path ? "\(reason)" : "\(TerminalText.visible(path)): \(reason)"
    default: ErrorReport(error).message
    }
  }

  static let history = Option<String?>(
    "history", valueName: "file",
    help:
      "Keep the answers typed on a terminal (never passwords, names only once they sign in) "
      + "in this private file, 0600, read at the start and written at the end. Without it "
      + "the history lasts one shell.",
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
