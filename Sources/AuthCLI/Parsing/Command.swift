import AuthCore
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
  /// `users add`: create an account without signing in.
  case addUser(username: String?, passwordFromStandardInput: Bool)
  /// `users show NAME`: one account's details.
  case showUser(String)
  /// `users delete NAME`: the account and its sessions (`--yes` confirms).
  case deleteUser(String, confirmed: Bool)
  /// `users lock NAME [--reason TEXT]`: refuse every sign-in, end the sessions.
  case lockUser(String, reason: String)
  /// `users unlock NAME`: lift the lock and clear the sign-in throttle.
  case unlockUser(String)
  /// `users reset-password NAME`: set a new password, end every session.
  case resetPassword(String, passwordFromStandardInput: Bool)
  /// `verify`: check a password without starting a session.
  case verify(username: String?, passwordFromStandardInput: Bool)
  /// `sessions check --token-stdin`: the user and session behind a token read from stdin.
  case checkSession
  /// `sessions prune`: delete expired sessions and forgotten throttle rows.
  case pruneSessions
  /// `audit`: the audit trail, newest first.
  case audit(AuditSelection)
  /// `backup PATH`: a consistent, checked copy of the database.
  case backup(path: String)
  /// `migrate --adopt`: make a copy restored from `sqlite3 .dump` usable.
  case adopt
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

/// The filters of `authcli audit`, as typed (the username is canonicalised later).
struct AuditSelection: Hashable, Sendable {
  /// `--user NAME`.
  var username: String?
  /// `--kind KIND`, any number of times.
  var kinds: Set<AuthEventKind> = []
  /// `--since TIME`.
  var since: TimeSpecification?
  /// `--limit N`.
  var limit = 50
}

/// A point in time typed on the command line: absolute, or a span before now.
enum TimeSpecification: Hashable, Sendable {
  /// `2026-12-01` (midnight UTC) or `2026-12-01T10:00:00Z`.
  case absolute(Date)
  /// `90s`, `30m`, `12h`, `7d`: that long before the command runs.
  case ago(TimeInterval)

  /// The time meant, for a command that runs at `now`.
  func resolve(now: Date) -> Date {
    switch self {
    case .absolute(let date): date
    case .ago(let span): now.addingTimeInterval(-span)
    }
  }
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
  /// Check a password for another program.
  case verify
  /// Read the audit trail.
  case audit
  /// Copy the database.
  case backup
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
