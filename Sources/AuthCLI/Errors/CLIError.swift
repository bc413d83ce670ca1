import AuthDatabase

/// Failures the front end itself detects, each with a fixed exit code.
enum CLIError: Error, Hashable, Sendable {
  /// The command line is wrong (64).
  case usage(UsageError)
  /// `--db` names a PostgreSQL URI with a password in it, which the process list shows (64).
  case passwordOnCommandLine
  /// A database engine cannot be used before any connection is tried (libpq is missing:
  /// 69), as the engine's own error mapping describes it.
  case engineUnavailable(ErrorReport)
  /// The refused fields, one line each as `field: message` (65).
  case validationFailed([FieldError])
  /// The file exists but is not a database this binary can use (65), and why, as a kind.
  case incompatibleDatabase(String, kind: ErrorKind = .incompatibleDatabase)
  /// Input ended at a prompt (66).
  case endOfInput
  /// A line read was not UTF-8 text (65).
  case notText
  /// A line read was longer than the input limit, and was refused unread (65).
  case lineTooLong
  /// The database file does not exist and this command never creates one (66).
  case databaseMissing(path: String)
  /// No session, or it ended (77).
  case notSignedIn
  /// Sign-in refused: unknown user, wrong password or locked, one message for all (77).
  case signInRefused(String)
  /// A folder or file could not be created (73).
  case cannotCreate(path: String, reason: FileFailureReason)
  /// Reading or writing a file failed (74).
  case inputOutput(path: String, reason: FileFailureReason)
  /// A folder on the way to the database, as the path names it, could be changed by
  /// another user (74).
  case unsafePath(path: String, folder: String, reason: UnsafeFileReason)
  /// An environment variable has a value that is not accepted (78).
  case configuration(String)
  /// Ctrl-C at a prompt (130).
  case interrupted
  /// A destructive command was not confirmed: no `--yes` without a terminal, or the
  /// prompt was answered no (64).
  case notConfirmed(String)
  /// The path a new file should take already exists; nothing was written (73).
  case fileExists(path: String)
  /// Something that should not happen (70).
  case internalFailure(String)
}
