import AuthCore
import AuthDatabase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// A line after the message, such as `See 'authcli signup --help'.`, when the failure
  /// knows a better step than its kind's; `nil` leaves it to the kind's next step.
  let hint: String?

  /// The line printed after the message: the report's own hint, else the kind's next step.
  /// A validation failure's field messages are each a step already.
  var nextStep: String? {
    hint ?? (fields.isEmpty ? kind.nextStep : nil)
  }

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

  /// Describes a failure told in several lines (each printed after `Error: `).
  init(kind: ErrorKind, lines: [String], hint: String? = nil) {
    self.kind = kind
    self.fields = []
    self.lines = lines
    self.hint = hint
  }

  /// Describes a validation failure: one line per refused field.
  init(refused fields: [FieldError]) {
    self.kind = .validationFailed
    self.fields = fields
    self.lines = fields.map(\.line)
    self.hint = nil
  }

  /// The one place that turns a thrown error into an exit code and a message: every
  /// failure authcli knows answers for itself (`ReportableFailure`, an exhaustive `switch`
  /// over its cases); only an error of no known type, which is a bug, is reported by its
  /// type's name. Messages never carry secrets: storage errors name no bound values, and
  /// passwords and tokens never reach an error.
  init(_ error: any Error) {
    guard let known = error as? any ReportableFailure else {
      self.init(kind: .internalError, message: "Unexpected failure: \(type(of: error))")
      return
    }
    self = known.report
  }

  /// The report for a failure the front end itself detects.
  init(_ error: CLIError) { self = Self.report(error) }

  /// The report for a use case's failure.
  init(_ error: AuthError) {
    switch error {
    case .notSignedIn: self = Self.notSignedIn
    case .sessionNotFound: self.init(kind: .sessionNotFound, message: "No such session of yours.")
    case .administration(let refusal): self = refusal.report
    case .store(let failure): self.init(failure)
    case .hashing(let failure): self = failure.report
    case .tokens(let failure): self = failure.report
    case .secondFactor(let failure): self = Self.report(failure)
    }
  }

  /// The report for a second factor that could not be used.
  static func report(_ error: SecondFactorError) -> ErrorReport {
    switch error {
    case .notEnrolled: ErrorReport(kind: .noSecondFactor, message: error.description + ".")
    case .alreadyEnabled: ErrorReport(kind: .secondFactorOn, message: error.description + ".")
    case .keyUnavailable, .wrongKey:
      ErrorReport(kind: .secondFactorKey, message: error.description + ".")
    case .unsupported:
      ErrorReport(kind: .configuration, message: error.description + ".")
    case .library:
      ErrorReport(kind: .internalError, message: error.description)
    }
  }

  /// The report for a store's failure, whichever engine runs it.
  init(_ error: StoreError) {
    switch error {
    case .usernameTaken:
      self.init(refused: [
        FieldError(field: "username", reason: .taken, message: AuthMessages.usernameTaken)
      ])
    case .busy: self.init(kind: .busy, message: "The database is busy (locked by another process).")
    case .failed(let failure):
      self.init(
        kind: Self.kind(of: failure.kind), message: failure.message, hint: Self.step(for: failure))
    }
  }

  /// The report for a store's failure with a step that its sort alone cannot tell (one
  /// chosen by the adapter's own error, which carries more data).
  init(_ error: StoreError, hint: String) {
    let report = ErrorReport(error)
    self.init(kind: report.kind, message: report.message, hint: hint)
  }

  /// The kind (and so the exit code) of each sort of engine failure.
  private static func kind(of failure: StoreError.Failure.Kind) -> ErrorKind {
    switch failure {
    case .notADatabase: .notADatabase
    case .notAnAuthcliDatabase: .notAnAuthcliDatabase
    case .corrupt: .corruptDatabase
    case .schemaTooNew: .schemaTooNew
    case .unexpectedSchema: .unexpectedSchema
    case .migrationFailed: .migrationFailed
    case .foreignSchema: .unexpectedSchema
    case .unsafeFile: .unsafeFile
    case .ioError: .ioError
    case .libraryMissing, .unreachable, .certificateUnverified, .connectionLost, .unavailable:
      .unavailable
    case .permissionDenied: .permissionDenied
    case .invalidLocation: .usage
    case .notConfigured, .notMigrated: .configuration
    case .contended: .busy
    case .stillReferenced: .accountReferenced
    case .unexpected: .databaseError
    case .unknown: .internalError
    }
  }

  /// The step for a sort of engine failure that knows a better one than its kind's; `nil`
  /// leaves it to the kind's. Only the PostgreSQL adapter reports the sorts of a server and
  /// a schema owned by a role; SQLite's missing library is reported with a step of its own
  /// (`SQLiteError`'s report), since it fails the open, never a unit of work.
  private static func step(for failure: StoreError.Failure) -> String? {
    switch failure.kind {
    case .libraryMissing: "Install libpq (Debian and Ubuntu: apt-get install libpq5)."
    case .unreachable:
      // A server that is starting, restarting or being replaced by its standby refuses for
      // a moment, and the same command then succeeds; a wrong URI, password or certificate
      // keeps failing, so the step names both.
      "Try again once the server accepts connections; if it keeps failing, check the URI, "
        + "the password and the server's certificate."
    case .certificateUnverified:
      // The certificate, the CA or TLS itself is the likelier cause, and a weaker mode is
      // the owner's choice to make by name.
      "Give the CA that signed the server's certificate with sslrootcert=FILE in the URI "
        + "(libpq reads ~/.postgresql/root.crt otherwise); on a network you trust, name a "
        + "weaker mode instead: sslmode=require (TLS, any certificate) or sslmode=disable "
        + "(no TLS)."
    case .connectionLost:
      // Every write is one transaction: cut off before its commit it left nothing, and cut
      // off during its commit it may have been saved, which running it again reveals.
      "Try again once the server answers; a change cut off while it was being committed "
        + "may have been saved (a sign-up then finds its name taken)."
    case .foreignSchema:
      "Name a schema of the role authcli connects as with options=-csearch_path=NAME in the "
        + "URI."
    case .notConfigured:
      "Create a schema on the search path, or name one with options=-csearch_path=NAME in the "
        + "URI."
    case .notMigrated: "Run 'authcli migrate' or 'authcli signup'."
    case .stillReferenced:
      "Delete or move the account's rows in \(failure.table ?? "that table") first, or give "
        + "its foreign key ON DELETE CASCADE; then delete the account again."
    case .notADatabase, .notAnAuthcliDatabase, .corrupt, .schemaTooNew, .unexpectedSchema,
      .migrationFailed, .unsafeFile, .ioError, .unavailable, .permissionDenied,
      .invalidLocation, .contended, .unexpected, .unknown:
      nil
    }
  }

  private static func report(_ error: CLIError) -> ErrorReport {
    switch error {
    case .usage(let usage): ErrorReport(kind: .usage, message: usage.message, hint: usage.hint)
    case .passwordOnCommandLine:
      ErrorReport(
        kind: .passwordOnCommandLine,
        message: "A password in '--db' would be visible to every user of this machine.")
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
        message: "No database at \(path); create one with 'authcli signup' or 'authcli migrate'",
        hint: missingDatabaseHint(path))
    case .notSignedIn: notSignedIn
    case .signInRefused(let message):
      // One answer for every refusal, its step the kind's, the same whatever the cause: a
      // step that differed by cause would tell a guesser which it was.
      ErrorReport(kind: .badCredentials, message: message)
    case .cannotCreate(let path, let reason):
      ErrorReport(
        kind: .cannotCreate, message: "Cannot create \(path): \(reason)",
        hint: cannotCreateHint(path: path, reason: reason))
    case .inputOutput(let path, let reason):
      ErrorReport(kind: .ioError, message: "Cannot read or write \(path): \(reason)")
    case .unsafePath(let path, let folder, let reason):
      // Worded as the opener words the same refusal of the standard form.
      ErrorReport(
        kind: .unsafeFile,
        message: "Refusing database \(path): \(folder) on its path is unsafe: \(reason)",
        hint: unsafeHint(folder, reason, isFolder: true))
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

  /// The step for a file or folder others could change or read: the command that makes it
  /// private, or the owner to ask.
  static func unsafeHint(_ path: String, _ reason: UnsafeFileReason, isFolder: Bool) -> String {
    let word = FilePathText.shellWord(path)
    switch reason {
    case .writableByOthers, .readableByOthers:
      return isFolder
        ? "Make the folder private (chmod 700 \(word)), or keep the database in one that is."
        : "Make the file private (chmod 600 \(word))."
    case .ownedByAnotherUser:
      return "Use a \(isFolder ? "folder" : "file") of your own, or run authcli as its owner."
    case .symbolicLink:
      return "Name the real path rather than the link."
    }
  }

  /// The message names the commands that create a database; they cannot make its folder
  /// (but for the default one), so a missing folder is named, else the other way out.
  static func missingDatabaseHint(_ path: String) -> String {
    let folder = PathText.parent(of: path)
    guard access(folder, F_OK) == 0 else {
      return "Its folder is missing too: 'authcli migrate' makes it for the default database; "
        + "for any other, run mkdir -p \(FilePathText.shellWord(folder)) first."
    }
    return "Or name another database with --db or AUTHCLI_DB."
  }

  /// The step for a file or folder that could not be made, chosen by the system's error
  /// number; `nil` leaves it to the kind's step.
  static func cannotCreateHint(path: String, reason: FileFailureReason) -> String? {
    let folder = FilePathText.shellWord(PathText.parent(of: path))
    switch reason {
    case .system(ENOENT):
      return "Create its folder first (mkdir -p \(folder)), or name another path."
    case .fileInTheWay:
      return "Move that file away, or name another path with --db or AUTHCLI_DB."
    case .system(ENOTDIR):
      return "A file stands where the path needs a folder: name another path."
    case .system(EACCES), .system(EROFS):
      return "Check that you may write in \(folder), or name another path."
    case .system, .described:
      return nil
    }
  }

  private static let notSignedIn = ErrorReport(kind: .notSignedIn, message: "Not signed in.")
}

/// A failure authcli knows how to report. Each conforming type maps its own cases by an
/// exhaustive `switch`, so a new case cannot go unreported; the conformances live beside
/// the type's mapping (`StorageErrorReport`, `CryptoErrorReport`, …).
protocol ReportableFailure: Error {
  /// The kind, message and hint for this failure.
  var report: ErrorReport { get }
}

extension ErrorReport: ReportableFailure {
  /// A ready report is its own.
  var report: ErrorReport { self }
}

extension CLIError: ReportableFailure {
  /// See `ErrorReport.init(_:)`.
  var report: ErrorReport { ErrorReport(self) }
}

extension UsageError: ReportableFailure {
  /// A wrong command line (64).
  var report: ErrorReport { ErrorReport(.usage(self)) }
}

extension AuthError: ReportableFailure {
  /// See `ErrorReport.init(_:)`.
  var report: ErrorReport { ErrorReport(self) }
}

extension StoreError: ReportableFailure {
  /// See `ErrorReport.init(_:)`.
  var report: ErrorReport { ErrorReport(self) }
}
