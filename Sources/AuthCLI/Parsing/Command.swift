import AuthCore

/// What a command line asks for, once parsed.
enum Command: Hashable, Sendable {
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
enum HelpTopic: Hashable, Sendable {
  /// The whole tool.
  case root
  /// One subcommand.
  case subcommand(SubcommandName)
  /// The exit-code table.
  case exitCodes
}

/// The subcommand names, exactly as typed.
enum SubcommandName: String, CaseIterable, Hashable, Sendable {
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
struct GlobalOptions: Hashable, Sendable {
  /// `--db PATH`: the database file, or `:memory:`.
  var databasePath: String?
  /// `--json`: machine-readable output and errors.
  var json: Bool
  /// `--no-input`: fail instead of prompting.
  var noInput: Bool
  /// `--no-color`: never colour the output.
  var noColor: Bool

  /// Options as given; all off by default.
  init(
    databasePath: String? = nil, json: Bool = false, noInput: Bool = false, noColor: Bool = false
  ) {
    self.databasePath = databasePath
    self.json = json
    self.noInput = noInput
    self.noColor = noColor
  }
}

/// A parsed command line: the command and the global options.
struct Invocation: Hashable, Sendable {
  /// What to do.
  var command: Command
  /// How to do it.
  var options: GlobalOptions

  /// Pairs a command with its options.
  init(command: Command, options: GlobalOptions = GlobalOptions()) {
    self.command = command
    self.options = options
  }
}
