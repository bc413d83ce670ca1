import AuthCore

/// What the user is told about a failure: exit code, message, and an optional hint line.
struct ErrorReport: Error, Hashable, Sendable {
  /// The exit status.
  let code: ExitCode
  /// The lines of the message, each printed after `Error: ` (several for several failed
  /// fields). A newline inside a line (an echoed path or value) is escaped when printed,
  /// never taken for a line break, so no echoed text can forge a line.
  let lines: [String]
  /// A line after the message, such as `See 'authcli signup --help'.`
  let hint: String?

  /// The message as one text, lines joined by newlines.
  var message: String { lines.joined(separator: "\n") }

  /// Describes a failure with a one-line message.
  init(code: ExitCode, message: String, hint: String? = nil) {
    self.init(code: code, lines: [message], hint: hint)
  }

  /// Describes a failure with one line per failed part.
  init(code: ExitCode, lines: [String], hint: String? = nil) {
    self.code = code
    self.lines = lines
    self.hint = hint
  }

  /// The one place that turns any error into an exit code and a message.
  /// Messages never carry secrets: storage errors name no bound values, and
  /// passwords and tokens never reach an error.
  init(_ error: any Error) {
    switch error {
    case let report as ErrorReport: self = report
    case let error as CLIError: self = Self.report(error)
    case let error as UsageError: self = Self.report(.usage(error))
    case let error as AuthError: self = Self.report(error)
    case let error as StoreError: self = Self.report(error)
    default:
      self =
        SceneFailureReport.report(error) ?? StorageErrorReport.report(error)
        ?? PostgresErrorReport.report(error)
        ?? CryptoErrorReport.report(error) ?? AdministrationErrorReport.report(error)
        ?? ErrorReport(code: .software, message: "Unexpected failure: \(type(of: error))")
    }
  }

  private static func report(_ error: CLIError) -> ErrorReport {
    switch error {
    case .usage(let usage): ErrorReport(code: .usage, message: usage.message, hint: usage.hint)
    case .passwordOnCommandLine:
      ErrorReport(
        code: .usage,
        message: "A password in '--db' would be visible to every user of this machine.",
        hint: "Give it in PGPASSWORD, PGPASSFILE or ~/.pgpass, or put the URI in AUTHCLI_DB.")
    case .validationFailed(let lines):
      ErrorReport(code: .invalidData, lines: lines)
    case .incompatibleDatabase(let message): ErrorReport(code: .invalidData, message: message)
    case .endOfInput: ErrorReport(code: .noInput, message: "Input ended; nothing was changed.")
    case .lineTooLong:
      ErrorReport(
        code: .invalidData,
        message:
          "A line of input is longer than \(StandardInputReader.lineByteLimit) bytes; "
          + "nothing was changed.")
    case .notText:
      ErrorReport(
        code: .invalidData, message: "A line of input is not UTF-8 text; nothing was changed.")
    case .databaseMissing(let path):
      // One line, so scripts that read the first line of stderr get the whole story.
      ErrorReport(
        code: .noInput,
        message: "No database at \(path); create one with 'authcli signup' or 'authcli migrate'")
    case .notSignedIn: notSignedIn
    case .signInRefused(let message): ErrorReport(code: .noPermission, message: message)
    case .cannotCreate(let path, let reason):
      ErrorReport(code: .cannotCreate, message: "Cannot create \(path): \(reason)")
    case .inputOutput(let path, let reason):
      ErrorReport(code: .ioError, message: "Cannot read or write \(path): \(reason)")
    case .configuration(let message): ErrorReport(code: .configuration, message: message)
    case .interrupted: ErrorReport(code: .interrupted, message: "Interrupted; nothing was changed.")
    case .notConfirmed(let message): ErrorReport(code: .usage, message: message)
    case .fileExists(let path):
      ErrorReport(
        code: .cannotCreate, message: "\(path) already exists; nothing was written",
        hint: "Choose a new path; a backup never replaces a file.")
    case .internalFailure(let message): ErrorReport(code: .software, message: message)
    }
  }

  private static let notSignedIn = ErrorReport(
    code: .noPermission, message: "Not signed in.", hint: "Sign in with 'authcli signin'.")

  private static func report(_ error: AuthError) -> ErrorReport {
    switch error {
    case .notSignedIn: notSignedIn
    case .sessionNotFound:
      ErrorReport(
        code: .invalidData, message: "No such session of yours.",
        hint: "List them with 'authcli sessions list'.")
    }
  }

  private static func report(_ error: StoreError) -> ErrorReport {
    switch error {
    case .usernameTaken:
      ErrorReport(code: .invalidData, message: "username: " + AuthMessages.usernameTaken)
    case .busy:
      ErrorReport(
        code: .temporaryFailure, message: "The database is busy (locked by another process).",
        hint: "Try again.")
    }
  }
}
