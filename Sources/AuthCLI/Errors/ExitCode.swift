/// The process exit status, from BSD's sysexits. Which failures end with which code is
/// declared by the error kinds (`ErrorKind.declaration`), not here, so `help exit-codes`,
/// `help errors` and the manual page cannot disagree.
public enum ExitCode: Int32, CaseIterable, Sendable {
  /// Done as asked.
  case ok = 0
  /// The command line was wrong.
  case usage = 64
  /// The data given or found was wrong.
  case invalidData = 65
  /// Input or a file to read is missing.
  case noInput = 66
  /// A library or service is unavailable.
  case unavailable = 69
  /// A bug.
  case software = 70
  /// A file or folder could not be created.
  case cannotCreate = 73
  /// Reading or writing failed, or a file was refused as unsafe.
  case ioError = 74
  /// Trying again may succeed.
  case temporaryFailure = 75
  /// Refused: not signed in, or not allowed.
  case noPermission = 77
  /// A setting is wrong.
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

  /// The kinds of error that end with this code, in their declared order (none for `ok`):
  /// what a code means is said once, in each kind's declaration.
  var kinds: [ErrorKind] { ErrorKind.allCases.filter { $0.code == self } }

  /// What the code means, from its kinds' declarations.
  var meaning: String {
    self == .ok ? "Success." : kinds.map(\.meaning).joined(separator: " ")
  }
}
