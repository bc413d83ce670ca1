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
      NamedSubcommand("signup") { SignUpCommand.declaration },
      NamedSubcommand("signin") { SignInCommand.declaration },
      NamedSubcommand("signout") { SignOutCommand.declaration },
      NamedSubcommand("whoami") { WhoAmICommand.declaration },
      NamedSubcommand("passwd") { ChangePasswordCommand.declaration },
      NamedSubcommand("2fa") { SecondFactorCommand.declaration },
      NamedSubcommand("sessions") { SessionsCommand.declaration },
      NamedSubcommand("users") { UsersCommand.declaration },
      NamedSubcommand("groups") { GroupsCommand.declaration },
      NamedSubcommand("inspect") { InspectCommand.declaration },
      NamedSubcommand("migrate") { MigrateCommand.declaration },
      NamedSubcommand("verify") { VerifyCommand.declaration },
      NamedSubcommand("audit") { AuditCommand.declaration },
      NamedSubcommand("backup") { BackupCommand.declaration },
      NamedSubcommand("shell") { ShellCommand.declaration },
      NamedSubcommand("completion") { CompletionCommand.declaration },
      NamedSubcommand("help") { HelpCommand.declaration },
      NamedSubcommand("version") { AuthCLIVersion.declaration },
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
