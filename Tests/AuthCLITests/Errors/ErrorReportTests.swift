import AuthCore
import AuthCrypto
import AuthDatabase
import AuthPostgres
import AuthStorage
import AuthViewModels
import Foundation
import Testing

@testable import AuthCLI

@Suite("Errors to exit codes")
struct ErrorReportTests {
  private struct Unforeseen: Error {}

  @Test func everyErrorTypeMapsToItsExitCode() {
    let cases: [(any Error, ExitCode)] = [
      (UsageError("x"), .usage),
      (
        CLIError.validationFailed([
          FieldError(field: "username", reason: .tooShort, message: "Use 3 to 32 characters")
        ]), .invalidData
      ),
      (CLIError.incompatibleDatabase("x"), .invalidData),
      (CLIError.endOfInput, .noInput),
      (CLIError.notText, .invalidData),
      (CLIError.databaseMissing(path: "/x"), .noInput),
      (CLIError.notSignedIn, .noPermission),
      (CLIError.signInRefused("x"), .noPermission),
      (CLIError.cannotCreate(path: "/x", reason: .described("y")), .cannotCreate),
      (CLIError.inputOutput(path: "/x", reason: .described("y")), .ioError),
      (CLIError.configuration("x"), .configuration),
      (CLIError.interrupted, .interrupted),
      (CLIError.internalFailure("x"), .software),
      (AuthError.notSignedIn, .noPermission),
      (AuthError.sessionNotFound, .invalidData),
      (StoreError.usernameTaken, .invalidData),
      (StoreError.busy, .temporaryFailure),
      (SQLiteError.notFound(path: "/x"), .noInput),
      (SQLiteError.cannotCreate(path: "/x", reason: .described("y")), .cannotCreate),
      (SQLiteError.notADatabase(path: "/x"), .invalidData),
      (SQLiteError.isDirectory(path: "/x"), .invalidData),
      (SQLiteError.corrupt(path: "/x", detail: "y"), .invalidData),
      (SQLiteError.schemaTooNew(found: 9, newestKnown: 1), .invalidData),
      (SQLiteError.foreignDatabase(path: "/x"), .invalidData),
      (SQLiteError.unexpectedValue(column: "auth_events.kind"), .invalidData),
      (
        SQLiteError.migrationFailed(
          identifier: "0002_x",
          underlying: SQLiteEngineError(extendedCode: 1, message: "m", sql: nil)),
        .invalidData
      ),
      (
        SQLiteError.migrationFailed(
          identifier: "0002_x",
          underlying: SQLiteEngineError(extendedCode: 5, message: "m", sql: nil)),
        .temporaryFailure
      ),
      (
        SQLiteError.cannotOpen(
          path: "/x", underlying: SQLiteEngineError(extendedCode: 5, message: "m", sql: nil)),
        .temporaryFailure
      ),
      (
        SQLiteError.cannotOpen(
          path: "/x", underlying: SQLiteEngineError(extendedCode: 14, message: "m", sql: nil)),
        .ioError
      ),
      (
        SQLiteEngineError(extendedCode: 5, message: "database is locked", sql: nil),
        .temporaryFailure
      ),
      (SQLiteEngineError(extendedCode: 10, message: "disk I/O error", sql: nil), .ioError),
      (SQLiteEngineError(extendedCode: 8, message: "readonly database", sql: nil), .ioError),
      (SQLiteEngineError(extendedCode: 26, message: "not a database", sql: nil), .invalidData),
      (SQLiteEngineError(extendedCode: 11, message: "malformed", sql: nil), .invalidData),
      (SQLiteEngineError(extendedCode: 1, message: "no such table", sql: nil), .software),
      (SodiumError.unavailable("libsodium.so.23: cannot open shared object file"), .unavailable),
      (PasswordHasherError.outOfMemory, .unavailable),
      (PasswordHashingError.costOutOfRange(.minimum), .configuration),
      (TokenSourceError.unhashableToken, .software),
      (Unforeseen(), .software),
    ]
    for (error, code) in cases {
      #expect(ErrorReport(error).code == code, "\(error)")
    }
  }

  @Test func storageMessagesNeverShowTheSQL() {
    let report = ErrorReport(
      SQLiteEngineError(
        extendedCode: 1, message: "no such table: users",
        sql: "SELECT password_hash FROM users WHERE username = ?1"))
    #expect(report.message == "Database error: no such table: users")
  }

  @Test func aSceneFailureDecidesTheExitCodeByItsCase() {
    let cases: [(any Error, ExitCode)] = [
      (SignInFailure.refused, .noPermission),
      (SignInFailure.busy, .temporaryFailure),
      (SignUpFailure.busy, .temporaryFailure),
      (AccountFailure.sessionEnded, .noPermission),
      (SessionsFailure.sessionNotFound, .invalidData),
      (SessionsFailure.sessionEnded, .noPermission),
      (ChangePasswordFailure.currentPasswordRefused(.incorrect), .noPermission),
      (ChangePasswordFailure.currentPasswordRefused(.tooManyAttempts), .noPermission),
      (ChangePasswordFailure.busy, .temporaryFailure),
      (
        SignInFailure.unexpected(
          UnexpectedFailure(
            SQLiteEngineError(extendedCode: 10, message: "disk I/O error", sql: nil))),
        .ioError
      ),
      (SignUpFailure.unexpected(UnexpectedFailure(PasswordHasherError.outOfMemory)), .unavailable),
      (AccountFailure.unexpected(UnexpectedFailure(Unforeseen())), .software),
    ]
    for (failure, code) in cases {
      #expect(ErrorReport(failure).code == code, "\(failure)")
    }
  }

  @Test func scriptedCommandsKeepTheirOwnWordsForSceneFailures() {
    #expect(
      ErrorReport(SignInFailure.refused)
        == ErrorReport(kind: .badCredentials, message: AuthMessages.signInFailed))
    #expect(ErrorReport(SignUpFailure.busy) == ErrorReport(StoreError.busy))
    #expect(ErrorReport(SessionsFailure.sessionNotFound) == ErrorReport(AuthError.sessionNotFound))
    #expect(
      ErrorReport(ChangePasswordFailure.currentPasswordRefused(.incorrect)).message
        == "current password: Current password is incorrect")
  }

  @Test func fieldRefusalsAreOneLinePerFieldAndNoneIsABug() {
    let short = Username.validate("ab")
    let report = ErrorReport(
      FieldRefusals.error([
        FieldError("username", short), FieldError("password", Validation<Password>?.none),
      ]))
    #expect(report.code == .invalidData)
    #expect(report.lines == ["username: Use 3 to 32 characters"])
    #expect(report.kindName == "username_too_short")
    #expect(
      report.fields == [
        FieldError(field: "username", reason: .tooShort, message: "Use 3 to 32 characters")
      ])
    #expect(
      ErrorReport(FieldRefusals.error([FieldError("username", Username.validate("ada"))])).code
        == .software)
    let several = ErrorReport(
      FieldRefusals.error([
        FieldError("username", short),
        FieldError("new_password", Password.validate("short", username: "ada")),
      ]))
    #expect(several.kindName == "validation_failed")
    #expect(
      several.lines == [
        "username: Use 3 to 32 characters", "new password: " + several.fields[1].message,
      ])
    #expect(several.fields.map(\.kind) == ["username_too_short", "new_password_too_short"])
  }

  @Test func everyFailureHasAStableKindThatDecidesItsExitCode() {
    let cases: [(any Error, String)] = [
      (UsageError("x"), "usage"),
      (CLIError.passwordOnCommandLine, "password_on_command_line"),
      (CLIError.notConfirmed("x"), "not_confirmed"),
      (StoreError.usernameTaken, "username_taken"),
      (StoreError.busy, "busy"),
      (CLIError.endOfInput, "input_ended"),
      (CLIError.databaseMissing(path: "/x"), "no_database"),
      (SQLiteError.notADatabase(path: "/x"), "not_a_database"),
      (SQLiteError.emptyFile(path: "/x"), "not_a_database"),
      (SQLiteError.foreignDatabase(path: "/x"), "not_an_authcli_database"),
      (SQLiteError.corrupt(path: "/x", detail: "y"), "corrupt_database"),
      (SQLiteError.schemaTooNew(found: 9, newestKnown: 1), "schema_too_new"),
      (CLIError.incompatibleDatabase("x", kind: .needsMigration), "needs_migration"),
      (CLIError.notSignedIn, "not_signed_in"),
      (AuthError.notSignedIn, "not_signed_in"),
      (SignInFailure.refused, "bad_credentials"),
      (ChangePasswordFailure.currentPasswordRefused(.incorrect), "bad_credentials"),
      (AuthError.sessionNotFound, "session_not_found"),
      (AdministrationError.noSuchAccount(username: "x"), "no_such_account"),
      (CLIError.fileExists(path: "/x"), "file_exists"),
      (CLIError.interrupted, "interrupted"),
      (SQLiteEngineError(extendedCode: 5, message: "database is locked", sql: nil), "busy"),
      (SQLiteEngineError(extendedCode: 10, message: "disk I/O error", sql: nil), "io_error"),
      (SQLiteEngineError(extendedCode: 1, message: "no such table", sql: nil), "database_error"),
      (SodiumError.unavailable("libsodium.so.23: cannot open shared object file"), "unavailable"),
      (Unforeseen(), "internal_error"),
    ]
    for (error, kind) in cases {
      let report = ErrorReport(error)
      #expect(report.kindName == kind, "\(error)")
      #expect(report.code == report.kind.code, "\(error)")
    }
  }

  @Test func everyKnownFailureMapsToItsDocumentedKindAndNoneIsUnforeseen() {
    let cases: [(any Error, ErrorKind)] = [
      (AuthError.notSignedIn, .notSignedIn),
      (AuthError.sessionNotFound, .sessionNotFound),
      (AuthError.administration(.noSuchAccount(username: "x")), .noSuchAccount),
      (AuthError.administration(.lockReasonTooLong(maximum: 200)), .usage),
      (AuthError.store(.usernameTaken), .validationFailed),
      (AuthError.store(.busy), .busy),
      (AuthError.store(.failed(StoreError.Failure(.corrupt, message: "x"))), .corruptDatabase),
      (AuthError.hashing(.outOfMemory), .unavailable),
      (AuthError.tokens(.unhashableToken), .internalError),
      (PostgresError.libraryMissing(reason: "x"), .unavailable),
      (SQLiteError.libraryMissing(reason: "x"), .unavailable),
      (PostgresError.invalidURI(reason: "x"), .usage),
      (PostgresError.connectionFailed(target: "x", reason: "y"), .unavailable),
      (PostgresError.connectionLost(reason: "x"), .unavailable),
      (PostgresError.unexpectedValue(column: "x"), .corruptDatabase),
      (PostgresError.schemaTooNew(found: 9, newestKnown: 1), .schemaTooNew),
      (PostgresError.noSchema, .configuration),
      (PostgresError.unexpectedSchema(schema: "x", differences: ["y"]), .unexpectedSchema),
      (
        PostgresError.migrationFailed(identifier: "x", underlying: .connectionLost(reason: "y")),
        .unavailable
      ),
      (PostgresError.migrationFailed(identifier: "x", underlying: .noSchema), .migrationFailed),
      (
        CLIError.engineUnavailable(ErrorReport(PostgresError.libraryMissing(reason: "x"))),
        .unavailable
      ),
    ]
    for (error, kind) in cases {
      let report = ErrorReport(error)
      #expect(report.kind == kind, "\(error)")
      #expect(!report.message.hasPrefix("Unexpected failure"), "\(error)")
    }
  }

  @Test func eachSortOfEngineFailureDecidesItsKindAndStepAndKeepsTheAdaptersWords() {
    for sort in StoreError.Failure.Kind.allCases {
      let report = ErrorReport(StoreError.failed(StoreError.Failure(sort, message: "m")))
      #expect(report.lines == ["m"], "\(sort)")
      #expect(report.nextStep?.isEmpty == false, "\(sort)")
      // Only an error of no known type is a bug; the engine's own are data, I/O or service.
      #expect((report.kind == .internalError) == (sort == .unknown), "\(sort)")
    }
    let spotChecks: [(StoreError.Failure.Kind, ErrorKind)] = [
      (.corrupt, .corruptDatabase), (.contended, .busy), (.invalidLocation, .usage),
      (.notConfigured, .configuration), (.unexpected, .databaseError),
      (.unreachable, .unavailable), (.connectionLost, .unavailable),
      (.foreignSchema, .unexpectedSchema), (.notMigrated, .configuration),
    ]
    for (sort, kind) in spotChecks {
      #expect(ErrorReport(StoreError.failed(StoreError.Failure(sort, message: "m"))).kind == kind)
    }
  }

  /// The adapters say what happened and carry the data; the steps, which name commands,
  /// packages and URI settings, are the front end's, worded from the sort and the data.
  @Test func theFrontEndWordsTheStepsOfTheAdaptersFailures() {
    #expect(
      ErrorReport(PostgresError.libraryMissing(reason: "x")).hint
        == "Install libpq (Debian and Ubuntu: apt-get install libpq5).")
    // SQLite's library is opened with the first database too, and its step names its own
    // package, not PostgreSQL's.
    let noSQLite = ErrorReport(
      SQLiteError.libraryMissing(reason: "libsqlite3.so.0: cannot open shared object file"))
    #expect(noSQLite.code == .unavailable)
    #expect(
      noSQLite.message
        == "The SQLite library (libsqlite3) cannot be loaded: libsqlite3.so.0: cannot open "
        + "shared object file")
    #expect(
      noSQLite.hint == "Install SQLite's library (Debian and Ubuntu: apt-get install libsqlite3-0)."
    )
    #expect(
      ErrorReport(PostgresError.connectionFailed(target: "h", reason: "r")).hint?
        .hasPrefix("Try again once the server accepts connections") == true)
    #expect(
      ErrorReport(PostgresError.verifiedConnectionFailed(target: "h", reason: "r")).hint?
        .contains("sslrootcert=FILE") == true)
    #expect(
      ErrorReport(PostgresError.foreignSchema(schema: "s", owner: "o", role: "r")).hint?
        .contains("options=-csearch_path=NAME") == true)
    #expect(
      ErrorReport(StoreError.accountReferenced(byTable: "orders")).hint?
        .hasPrefix("Delete or move the account's rows in orders first") == true)
    #expect(
      ErrorReport(StoreError.accountReferenced(byTable: nil)).hint?
        .hasPrefix("Delete or move the account's rows in that table first") == true)
    // A database others can read: the message ends with the chmod (its mode found, 600
    // wanted), as before; the adapter's own words stop at what it found.
    let exposed = SQLiteError.unsafeFile(path: "/srv/a b", reason: .readableByOthers(mode: 0o644))
    #expect(!exposed.description.contains("chmod"))
    #expect(
      ErrorReport(exposed).message
        == "Refusing database /srv/a b: other users can read it (mode 644); make it private "
        + "(chmod 600 '/srv/a b')")
    for error in [
      StoreError(PostgresError.libraryMissing(reason: "x")),
      StoreError(SQLiteError.libraryMissing(reason: "x")),
      StoreError(PostgresError.notMigrated(schema: "s", firstPending: "0001_x")),
      StoreError.accountReferenced(byTable: "orders"),
    ] {
      guard case .failed(let failure) = error else {
        Issue.record("\(error)")
        continue
      }
      #expect(!failure.message.contains("'authcli "), "\(failure.message)")
      #expect(!failure.message.contains("apt-get"), "\(failure.message)")
    }
  }

  @Test func aUseCaseFailureReportsAsWhatItWraps() {
    #expect(ErrorReport(AuthError.store(.busy)) == ErrorReport(StoreError.busy))
    #expect(
      ErrorReport(AuthError.administration(.noSuchAccount(username: "x")))
        == ErrorReport(AdministrationError.noSuchAccount(username: "x")))
    #expect(
      ErrorReport(AuthError.hashing(.outOfMemory))
        == ErrorReport(PasswordHasherError.outOfMemory))
    let sqlite = SQLiteEngineError(extendedCode: 10, message: "disk I/O error", sql: nil)
    #expect(ErrorReport(AuthError.store(StoreError(sqlite))) == ErrorReport(sqlite))
    #expect(
      ErrorReport(SignInFailure.unexpected(UnexpectedFailure(AuthError.store(.busy))))
        == ErrorReport(StoreError.busy))
  }

  /// The step for a file that could not be made is chosen by the system's error number,
  /// never by the words `strerror` gives it (which depend on the C library and its locale).
  @Test func aCreationFailuresStepFollowsItsErrorNumber() {
    func step(_ reason: FileFailureReason) -> String? {
      ErrorReport(CLIError.cannotCreate(path: "/srv/data/auth.sqlite3", reason: reason)).nextStep
    }
    #expect(step(.system(ENOENT))?.contains("mkdir -p /srv/data") == true)
    #expect(step(.system(EACCES))?.contains("you may write in /srv/data") == true)
    #expect(step(.system(EROFS)) == step(.system(EACCES)))
    #expect(step(.system(ENOTDIR))?.contains("A file stands where") == true)
    #expect(step(.fileInTheWay)?.contains("Move that file away") == true)
    // The same words as ENOENT's, without its number, choose nothing but the kind's step.
    #expect(step(.described("No such file or directory")) == ErrorKind.cannotCreate.nextStep)
    #expect(
      ErrorReport(CLIError.cannotCreate(path: "/x", reason: .system(ENOENT))).message
        == "Cannot create /x: No such file or directory")
  }
}
