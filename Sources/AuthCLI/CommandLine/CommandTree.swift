import CommandLineKit

/// What a declared subcommand runs, given the context of the parsed command line.
typealias CommandAction = @MainActor @Sendable (CommandContext) async throws -> Void

/// A subcommand of authcli, declared once (see `CommandLineKit`).
typealias Subcommand = CommandDeclaration<CommandAction>

/// authcli's commands, from which parsing, help, usage errors, completions and the man
/// page are derived. Each subcommand's declaration sits beside its code.
@MainActor
enum AuthCLITool {
  /// The whole program.
  static let declaration: ToolDeclaration<CommandAction> = ToolDeclaration(
    root: root, hasVersion: true, refusing: [passwordOption])

  /// A password typed on the command line is seen by every user of the machine in the
  /// process list and kept in the shell's history, so the options people reach for are
  /// refused by name, pointing at the two ways that keep it secret.
  private static let passwordOption = RefusedOption(
    names: ["password"], shortNames: ["p"],
    message:
      "A password is never given as an option: every user of this machine could read it, "
      + "and the shell's history would keep it",
    instead: "Pipe it to --password-stdin, or leave it out to be prompted.")

  // Subcommands named here, each declared when a line, a page or a script needs it: a start
  // then declares only the command it runs (docs/performance.md).
  private static let root: Subcommand = Subcommand(
    "authcli", abstract: "Accounts and sessions in SQLite, from scripts or an interactive shell.",
    discussion: {
      """
      The exit codes are listed by 'authcli help exit-codes', the kinds of JSON errors by
      'authcli help errors'.

      """ + EnvironmentVariable.helpParagraph + "\n\n" + KnownFile.helpParagraph
    },
    options: GlobalOptions.declarations,
    subcommands: [
      NamedSubcommand("signup", onMainActor: { SignUpCommand.declaration }),
      NamedSubcommand("signin", onMainActor: { SignInCommand.declaration }),
      NamedSubcommand("signout", onMainActor: { SignOutCommand.declaration }),
      NamedSubcommand("whoami", onMainActor: { WhoAmICommand.declaration }),
      NamedSubcommand("passwd", onMainActor: { ChangePasswordCommand.declaration }),
      NamedSubcommand("2fa", onMainActor: { SecondFactorCommand.declaration }),
      NamedSubcommand("sessions", onMainActor: { SessionsCommand.declaration }),
      NamedSubcommand("users", onMainActor: { UsersCommand.declaration }),
      NamedSubcommand("groups", onMainActor: { GroupsCommand.declaration }),
      NamedSubcommand("inspect", onMainActor: { InspectCommand.declaration }),
      NamedSubcommand("migrate", onMainActor: { MigrateCommand.declaration }),
      NamedSubcommand("verify", onMainActor: { VerifyCommand.declaration }),
      NamedSubcommand("audit", onMainActor: { AuditCommand.declaration }),
      NamedSubcommand("backup", onMainActor: { BackupCommand.declaration }),
      NamedSubcommand("shell", onMainActor: { ShellCommand.declaration }),
      NamedSubcommand("completion", onMainActor: { CompletionCommand.declaration }),
      NamedSubcommand("help", onMainActor: { HelpCommand.declaration }),
      NamedSubcommand("version", onMainActor: { AuthCLIVersion.declaration }),
    ])
}

/// authcli's usage errors are `CommandLineKit`'s, pointing at authcli's help pages.
typealias UsageError = CommandLineKit.UsageError

extension UsageError {
  /// A usage error whose hint points at `authcli <words> --help` (the root page without words).
  init(_ message: String, at words: [String] = []) {
    self.init(message, commandPath: ["authcli"] + words)
  }
}

extension NamedSubcommand where Action == CommandAction {
  /// Names a subcommand whose declaration, like every command's code, belongs to the main
  /// actor: authcli parses its lines and writes its pages there, so it is declared there.
  init(_ name: String, onMainActor declare: @escaping @MainActor () -> Subcommand) {
    self.init(name) { MainActor.assumeIsolated(declare) }
  }
}

extension CommandDeclaration where Action == CommandAction {
  /// Declares a subcommand that runs `run`, written as a trailing closure.
  init(
    _ name: String, abstract: String, discussion: String? = nil,
    arguments: [any DeclaredArgument] = [], options: [any DeclaredOption] = [],
    subcommands: [Subcommand] = [], run: @escaping CommandAction
  ) {
    self.init(
      name, abstract: abstract, discussion: discussion, arguments: arguments, options: options,
      subcommands: subcommands, action: run)
  }
}
