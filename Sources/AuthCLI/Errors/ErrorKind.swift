import AuthCore

/// The stable, snake_case name of a failure in JSON errors (`"kind"`), beside the exit
/// code: scripts tell failures apart by it, never by the message. `authcli help errors`
/// lists them.
enum ErrorKind: String, CaseIterable, Hashable, Sendable {
  case usage = "usage"
  case passwordOnCommandLine = "password_on_command_line"
  case notConfirmed = "not_confirmed"
  case validationFailed = "validation_failed"
  case usernameTaken = "username_taken"
  case inputEnded = "input_ended"
  case inputNotText = "input_not_text"
  case inputTooLong = "input_too_long"
  case noDatabase = "no_database"
  case notADatabase = "not_a_database"
  case notAnAuthcliDatabase = "not_an_authcli_database"
  case corruptDatabase = "corrupt_database"
  case unexpectedSchema = "unexpected_schema"
  case schemaTooNew = "schema_too_new"
  case needsMigration = "needs_migration"
  case migrationFailed = "migration_failed"
  case notAdopted = "not_adopted"
  case incompatibleDatabase = "incompatible_database"
  case unsafeFile = "unsafe_file"
  case notSignedIn = "not_signed_in"
  case badCredentials = "bad_credentials"
  case permissionDenied = "permission_denied"
  case sessionNotFound = "session_not_found"
  case noSuchAccount = "no_such_account"
  case importRefused = "import_refused"
  case cannotCreate = "cannot_create"
  case fileExists = "file_exists"
  case ioError = "io_error"
  case busy = "busy"
  case unavailable = "unavailable"
  case configuration = "configuration"
  case interrupted = "interrupted"
  case databaseError = "database_error"
  case internalError = "internal_error"
  case secondFactorRequired = "second_factor_required"
  case incorrectCode = "incorrect_code"
  case noSecondFactor = "no_second_factor"
  case secondFactorOn = "second_factor_on"
  case secondFactorKey = "second_factor_key"

  /// The exit code that comes with the kind.
  var code: ExitCode {
    switch self {
    case .usage, .passwordOnCommandLine, .notConfirmed: .usage
    case .validationFailed, .usernameTaken, .inputNotText, .inputTooLong, .notADatabase,
      .notAnAuthcliDatabase, .corruptDatabase, .unexpectedSchema, .schemaTooNew, .needsMigration,
      .migrationFailed, .notAdopted, .incompatibleDatabase, .sessionNotFound, .noSuchAccount,
      .noSecondFactor,
      .secondFactorOn,
      .importRefused:
      .invalidData
    case .inputEnded, .noDatabase: .noInput
    case .unavailable: .unavailable
    case .internalError: .software
    case .databaseError: .software
    case .cannotCreate, .fileExists: .cannotCreate
    case .ioError, .unsafeFile: .ioError
    case .busy: .temporaryFailure
    case .notSignedIn, .badCredentials, .permissionDenied, .secondFactorRequired,
      .incorrectCode:
      .noPermission
    case .configuration, .secondFactorKey: .configuration
    case .interrupted: .interrupted
    }
  }

  /// What it means, in one line for `authcli help errors`.
  var meaning: String {
    switch self {
    case .usage: "The command line is wrong (the message says how)."
    case .passwordOnCommandLine: "A password was given inside --db, where others can read it."
    case .notConfirmed: "A deletion was not confirmed: no --yes without a terminal, or no 'y'."
    case .validationFailed: "Several fields failed; each is in 'fields' with its own kind."
    case .usernameTaken: "Another account has the username (also a field kind)."
    case .inputEnded: "Input ended before every answer was read; nothing was changed."
    case .inputNotText: "A line of input is not UTF-8 text."
    case .inputTooLong: "A line of input is longer than the input limit."
    case .noDatabase: "No database file at the path; this command never creates one."
    case .notADatabase: "The file is not an SQLite database (empty, a folder, other bytes)."
    case .notAnAuthcliDatabase: "The file is another program's SQLite database."
    case .corruptDatabase: "The database fails its integrity check."
    case .unexpectedSchema: "The schema holds objects its migrations do not create."
    case .schemaTooNew: "A newer authcli wrote the database; this one leaves it alone."
    case .needsMigration: "The database has migrations to apply: run 'authcli migrate'."
    case .migrationFailed: "A migration could not be applied; nothing of it was kept."
    case .notAdopted: "'migrate --adopt' refused the copy: its schema differs."
    case .incompatibleDatabase: "The database cannot be used by this binary."
    case .unsafeFile:
      "A file authcli keeps, or a folder on its path, is a link, foreign-owned, or readable or "
        + "writable by others."
    case .notSignedIn: "No session for this database, or it ended."
    case .badCredentials: "Unknown user, wrong password or a locked account (one answer)."
    case .permissionDenied: "The database server refused the account authcli connects as."
    case .sessionNotFound: "No session of yours with that id."
    case .noSuchAccount: "No account with that username."
    case .importRefused: "'users import' refused lines (each named); nothing was imported."
    case .cannotCreate: "A file or folder could not be created."
    case .fileExists: "The path of a new file exists already; nothing was written."
    case .ioError: "Reading or writing a file or standard output failed."
    case .busy: "The database stayed locked by another process; try again."
    case .unavailable: "A library or server authcli needs is unavailable."
    case .configuration:
      "An environment variable's value is not accepted, or the command works on SQLite only."
    case .interrupted: "Ctrl-C; nothing was changed."
    case .databaseError: "The database answered with an error authcli does not expect."
    case .internalError: "Something that should not happen did (a bug)."
    case .secondFactorRequired:
      "The account asks for a code from an authenticator app, and none was given."
    case .incorrectCode: "The code or recovery code was wrong, already used, or throttled."
    case .noSecondFactor: "The account has no second factor (or none waiting for 'confirm')."
    case .secondFactorOn: "The account's second factor is on already; disable it first."
    case .secondFactorKey:
      "The second factor's key file is missing, unsafe, or not the key the secrets were sealed with."
    }
  }
}

extension ErrorKind {
  /// What to do next, printed after the message when the failure gives no step of its own:
  /// every kind has one (`help errors` lists them), so no error leaves a reader stuck.
  var nextStep: String {
    switch self {
    case .usage: "See 'authcli help' for the commands and their options."
    case .passwordOnCommandLine:
      "Give it in PGPASSWORD, PGPASSFILE or ~/.pgpass, or put the URI in AUTHCLI_DB."
    case .notConfirmed: "Answer 'y' at the prompt on a terminal, or pass --yes."
    case .validationFailed: "Correct each field named above and run the command again."
    case .usernameTaken: "Choose another username."
    case .inputEnded: "Give every line the command reads (one per answer) and run it again."
    case .inputNotText: "Give the line as UTF-8 text."
    case .inputTooLong: "Give a shorter line."
    case .noDatabase: "Create it with 'authcli migrate', or name another with --db or AUTHCLI_DB."
    case .notADatabase:
      "Check the path that --db or AUTHCLI_DB names; restore a backup if the file was damaged."
    case .notAnAuthcliDatabase:
      "Name authcli's own database with --db; a text dump of one becomes usable with "
        + "'authcli migrate --adopt'."
    case .corruptDatabase:
      "Restore a copy made by 'authcli backup'; 'authcli inspect' names what fails."
    case .unexpectedSchema:
      "Run 'authcli inspect' to list the objects the migrations do not create; drop them, "
        + "or restore a copy made by 'authcli backup'."
    case .schemaTooNew: "Use the newer authcli that wrote the database."
    case .needsMigration: "Run 'authcli migrate'."
    case .migrationFailed:
      "Nothing of it was kept: run 'authcli inspect' to see the database, then 'authcli migrate' "
        + "again."
    case .notAdopted:
      "Adopt only a dump of an authcli database; 'authcli backup' makes copies that need no "
        + "adoption."
    case .incompatibleDatabase: "Run 'authcli inspect' to see what the database holds."
    case .unsafeFile:
      "Make it yours and private (chmod 700 for a folder, 600 for a file), or use another path."
    case .notSignedIn: "Sign in with 'authcli signin'."
    case .badCredentials: "Check the username and password; after repeated failures, wait a while."
    case .permissionDenied:
      "Connect as the role that owns authcli's tables, or grant this role access to them."
    case .sessionNotFound: "List them with 'authcli sessions list'."
    case .noSuchAccount: "List them with 'authcli users list'."
    case .importRefused: "Correct the lines, or pass --skip-invalid to import the rest."
    case .cannotCreate: "Check that the folder exists and that you may write in it."
    case .fileExists: "Choose a new path; nothing is ever overwritten."
    case .ioError: "Check the file, its folder and the free space, then run the command again."
    case .busy: "Try again."
    case .unavailable: "Install what is missing with 'script/setup', or start the server."
    case .configuration:
      "Correct the value named above; commands that work on SQLite only need a file (--db PATH)."
    case .interrupted: "Run the command again when you are ready."
    case .databaseError:
      "Run 'authcli inspect' to check the database; restore a copy made by 'authcli backup' "
        + "if it is damaged."
    case .internalError: "This is a bug in authcli: report it with the command that failed."
    case .secondFactorRequired:
      "Give the code from your authenticator app (with --password-stdin, on the line after the "
        + "password)."
    case .incorrectCode: "Use the app's current code, or a recovery code not used before."
    case .noSecondFactor: "Set one up with 'authcli 2fa enable'."
    case .secondFactorOn: "Turn it off first with 'authcli 2fa disable'."
    case .secondFactorKey: "Restore the key file, or name it in AUTHCLI_SECRET_KEY_FILE."
    }
  }
}

/// One refused field of a validation failure, as JSON errors list it in `fields`.
struct FieldError: Hashable, Sendable {
  /// The field as a script names it: `username`, `password`, `confirmation`,
  /// `current_password`, `new_password`.
  let field: String
  /// The field and the rule: `password_too_short`, `username_taken`.
  let kind: String
  /// The message a person reads.
  let message: String

  /// A refused field; the kind joins the field and the validation's reason.
  init(field: String, reason: ValidationReason, message: String) {
    self.field = field
    self.kind = field + "_" + reason.rawValue
    self.message = message
  }

  /// How it is printed for people: `password: Use at least 15 characters …`.
  var line: String { field.replacing("_", with: " ") + ": " + message }

  /// The fields a script can meet, and the reasons each may carry, for `help errors`.
  static let documented: [(field: String, reasons: [ValidationReason])] = [
    ("username", [.required, .tooShort, .tooLong, .invalidCharacters, .invalidStart, .taken]),
    (
      "password",
      [
        .required, .tooShort, .tooLong, .containsUsername, .containsServiceName, .tooCommon,
        .tooPredictable,
      ]
    ),
    ("confirmation", [.required, .mismatch]),
    ("current_password", [.required]),
    (
      "new_password",
      [
        .required, .tooShort, .tooLong, .containsUsername, .containsServiceName, .tooCommon,
        .tooPredictable,
      ]
    ),
  ]
}
