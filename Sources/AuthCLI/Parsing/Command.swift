import AuthCore

/// What a command line asks for, once parsed.
public enum Command: Hashable, Sendable {
  /// `signup`: create an account and sign in.
  case signUp(username: String?, passwordFromStandardInput: Bool)
  /// `signin`: start a new session.
  case signIn(username: String?, passwordFromStandardInput: Bool)
  /// `signout`: end this session, or with `all` every session of the user.
  case signOut(all: Bool)
  /// `whoami`: the signed-in user and the session's times.
  case whoAmI
  /// `passwd`: change the signed-in user's password.
  case changePassword(passwordFromStandardInput: Bool)
  /// `sessions list`: the signed-in user's sessions.
  case listSessions
  /// `sessions revoke ID`: end one of the signed-in user's sessions.
  case revokeSession(SessionID)
  /// `users list`: every account, without hashes.
  case listUsers
  /// `inspect`: the database report.
  case inspect
  /// `migrate`: apply pending migrations.
  case migrate
  /// `migrate status`: show applied and pending migrations.
  case migrationStatus
  /// `shell`: the interactive line-mode front end.
  case shell
  /// `help`, `-h`, `--help`: help on a topic.
  case help(HelpTopic)
  /// `--version`: the version alone.
  case version
}

/// What `help` explains.
public enum HelpTopic: Hashable, Sendable {
  /// The whole tool.
  case root
  /// One subcommand.
  case subcommand(SubcommandName)
  /// The exit-code table.
  case exitCodes
}

/// The subcommand names, exactly as typed.
public enum SubcommandName: String, CaseIterable, Hashable, Sendable {
  /// Create an account.
  case signup
  /// Sign in.
  case signin
  /// Sign out.
  case signout
  /// Show the signed-in user.
  case whoami
  /// Change the password.
  case passwd
  /// List or revoke sessions.
  case sessions
  /// List accounts.
  case users
  /// Report on the database.
  case inspect
  /// Apply or show migrations.
  case migrate
  /// The interactive front end.
  case shell
  /// Help.
  case help
}

/// Options every subcommand accepts, before or after its name.
public struct GlobalOptions: Hashable, Sendable {
  /// `--db PATH`: the database file, or `:memory:`.
  public var databasePath: String?
  /// `--json`: machine-readable output and errors.
  public var json: Bool
  /// `--no-input`: fail instead of prompting.
  public var noInput: Bool
  /// `--no-color`: never colour the output.
  public var noColor: Bool

  /// Options as given; all off by default.
  public init(
    databasePath: String? = nil, json: Bool = false, noInput: Bool = false, noColor: Bool = false
  ) {
    self.databasePath = databasePath
    self.json = json
    self.noInput = noInput
    self.noColor = noColor
  }
}

/// A parsed command line: the command and the global options.
public struct Invocation: Hashable, Sendable {
  /// What to do.
  public var command: Command
  /// How to do it.
  public var options: GlobalOptions

  /// Pairs a command with its options.
  public init(command: Command, options: GlobalOptions = GlobalOptions()) {
    self.command = command
    self.options = options
  }
}
