import AuthCore

/// What the user is told about a failure: its kind (which decides the exit code), the
/// message, the refused fields of a validation failure, and an optional hint line.
struct ErrorReport: Error, Hashable, Sendable {
  /// The stable name scripts read in JSON errors.
  let kind: ErrorKind
  /// The refused fields, for a validation failure (one message line each).
  let fields: [FieldError]
  /// The lines of the message, each printed after `Error: ` (several for several failed
  /// fields). A newline inside a line (an echoed path or value) is escaped when printed,
  /// never taken for a line break, so no echoed text can forge a line.
  let lines: [String]
  /// A line after the message, such as `See 'authcli signup --help'.`
  let hint: String?

  /// The exit status, which comes with the kind.
  var code: ExitCode { kind.code }

  /// The kind in JSON: a single refused field's own kind (`password_too_short`), else
  /// the failure's.
  var kindName: String {
    if kind == .validationFailed, fields.count == 1, let only = fields.first { return only.kind }
    return kind.rawValue
  }

  /// The message as one text, lines joined by newlines.
  var message: String { lines.joined(separator: "\n") }

  /// Describes a failure with a one-line message.
  init(kind: ErrorKind, message: String, hint: String? = nil) {
    self.kind = kind
    self.fields = []
    self.lines = [message]
    self.hint = hint
  }

  /// Describes a validation failure: one line per refused field.
  init(refused fields: [FieldError]) {
    self.kind = .validationFailed
    self.fields = fields
    self.lines = fields.map(\.line)
    self.hint = nil
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
        ?? ErrorReport(kind: .internalError, message: "Unexpected failure: \(type(of: error))")
    }
  }

  private static func report(_ error: CLIError) -> ErrorReport {
    switch error {
    case .usage(let usage): ErrorReport(kind: .usage, message: usage.message, hint: usage.hint)
    case .passwordOnCommandLine:
      ErrorReport(
        kind: .passwordOnCommandLine,
        message: "A password in '--db' would be visible to every user of this machine.",
        hint: "Give it in PGPASSWORD, PGPASSFILE or ~/.pgpass, or put the URI in AUTHCLI_DB.")
    case .engineUnavailable(let report): report
    case .validationFailed(let fields): ErrorReport(refused: fields)
    case .incompatibleDatabase(let message, let kind): ErrorReport(kind: kind, message: message)
    case .endOfInput: ErrorReport(kind: .inputEnded, message: "Input ended; nothing was changed.")
    case .lineTooLong:
      ErrorReport(
        kind: .inputTooLong,
        message:
          "A line of input is longer than \(StandardInputReader.lineByteLimit) bytes; "
          + "nothing was changed.")
    case .notText:
      ErrorReport(
        kind: .inputNotText, message: "A line of input is not UTF-8 text; nothing was changed.")
    case .databaseMissing(let path):
      // One line, so scripts that read the first line of stderr get the whole story.
      ErrorReport(
        kind: .noDatabase,
        message: "No database at \(path); create one with 'authcli signup' or 'authcli migrate'")
    case .notSignedIn: notSignedIn
    case .signInRefused(let message): ErrorReport(kind: .badCredentials, message: message)
    case .cannotCreate(let path, let reason):
      ErrorReport(kind: .cannotCreate, message: "Cannot create \(path): \(reason)")
    case .inputOutput(let path, let reason):
      ErrorReport(kind: .ioError, message: "Cannot read or write \(path): \(reason)")
    case .unsafePath(let path, let folder, let reason):
      // Worded as the opener words the same refusal of the standard form.
      ErrorReport(
        kind: .unsafeFile,
        message: "Refusing database \(path): \(folder) on its path is unsafe: \(reason)")
    case .configuration(let message): ErrorReport(kind: .configuration, message: message)
    case .interrupted:
      ErrorReport(kind: .interrupted, message: "Interrupted; nothing was changed.")
    case .notConfirmed(let message): ErrorReport(kind: .notConfirmed, message: message)
    case .fileExists(let path):
      ErrorReport(
        kind: .fileExists, message: "\(path) already exists; nothing was written",
        hint: "Choose a new path; a backup never replaces a file.")
    case .internalFailure(let message): ErrorReport(kind: .internalError, message: message)
    }
  }

  private static let notSignedIn = ErrorReport(
    kind: .notSignedIn, message: "Not signed in.", hint: "Sign in with 'authcli signin'.")

  private static func report(_ error: AuthError) -> ErrorReport {
    switch error {
    case .notSignedIn: notSignedIn
    case .sessionNotFound:
      ErrorReport(
        kind: .sessionNotFound, message: "No such session of yours.",
        hint: "List them with 'authcli sessions list'.")
    }
  }

  private static func report(_ error: StoreError) -> ErrorReport {
    switch error {
    case .usernameTaken:
      ErrorReport(
        refused: [
          FieldError(field: "username", reason: .taken, message: AuthMessages.usernameTaken)
        ])
    case .busy:
      ErrorReport(
        kind: .busy, message: "The database is busy (locked by another process).",
        hint: "Try again.")
    }
  }
}
