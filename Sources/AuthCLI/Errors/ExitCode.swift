/// The process exit status, from BSD's sysexits.
public enum ExitCode: Int32, CaseIterable, Sendable {
  /// Done as asked.
  case ok = 0
  /// The command line was wrong, a prompt was needed under `--no-input`, or a deletion was
  /// not confirmed.
  case usage = 64
  /// A validation failed, a username is taken, no account has the name, no session has the
  /// id, input is not text, or a file is not a compatible database.
  case invalidData = 65
  /// Input ended at a prompt, or the database file does not exist.
  case noInput = 66
  /// A service the command needs is unavailable.
  case unavailable = 69
  /// A bug: something that should not happen did.
  case software = 70
  /// The database, its folder, the session state file or a backup could not be created.
  case cannotCreate = 73
  /// Reading or writing a file or standard output failed, or a file authcli keeps (or a
  /// folder on the way to it) is unsafe.
  case ioError = 74
  /// The database stayed locked by another process; try again.
  case temporaryFailure = 75
  /// Not signed in, wrong credentials, or a locked account.
  case noPermission = 77
  /// A setting in the environment is wrong, or the database is of the wrong engine.
  case configuration = 78
  /// Stopped by Ctrl-C (128 + SIGINT, as shells report it).
  case interrupted = 130

  /// The sysexits name, for the help table.
  public var name: String {
    switch self {
    case .ok: "EX_OK"
    case .usage: "EX_USAGE"
    case .invalidData: "EX_DATAERR"
    case .noInput: "EX_NOINPUT"
    case .unavailable: "EX_UNAVAILABLE"
    case .software: "EX_SOFTWARE"
    case .cannotCreate: "EX_CANTCREAT"
    case .ioError: "EX_IOERR"
    case .temporaryFailure: "EX_TEMPFAIL"
    case .noPermission: "EX_NOPERM"
    case .configuration: "EX_CONFIG"
    case .interrupted: "SIGINT"
    }
  }

  /// What the code means for authcli, in one line.
  public var meaning: String {
    switch self {
    case .ok: "Success."
    case .usage:
      "Wrong command line, a prompt was needed under --no-input, or a deletion was not confirmed."
    case .invalidData:
      "A field failed validation, the username is taken, no account has the name, no session "
        + "of yours has the id, a line of input is not text or too long, or the file is not a "
        + "compatible database (or cannot be adopted)."
    case .noInput: "Input ended at a prompt, or the database file does not exist."
    case .unavailable: "A service the command needs is unavailable."
    case .software: "Internal error (a bug)."
    case .cannotCreate:
      "The database, its folder, the session state file or a backup cannot be created (a "
        + "backup's path exists)."
    case .ioError:
      "Reading or writing a file or standard output failed, or a file authcli keeps or a "
        + "folder on the way to it is refused as unsafe (a link, another user's, or readable "
        + "or writable by others)."
    case .temporaryFailure: "The database is busy (locked by another process); try again."
    case .noPermission: "Not signed in, wrong credentials, or the account is locked."
    case .configuration:
      "An environment variable has a value authcli does not accept, or a PostgreSQL database "
        + "was named for a command that works on SQLite files only."
    case .interrupted: "Interrupted by Ctrl-C; the terminal is restored and nothing is written."
    }
  }
}
