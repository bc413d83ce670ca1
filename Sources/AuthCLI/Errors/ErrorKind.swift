import AuthCore

/// The stable, snake_case name of a failure in JSON errors (`"kind"`), beside the exit
/// code: scripts tell failures apart by it, never by the message. `authcli help errors`
/// and docs/cli.md list them from `declaration`, where everything said about a kind is
/// written once; the compiler refuses a case without one.
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
  case noSuchGroup = "no_such_group"
  case notInGroup = "not_in_group"
  case accountReferenced = "account_referenced"
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
  case passwordChangeRequired = "password_change_required"

  /// What a kind says besides its name.
  struct Declaration: Hashable, Sendable {
    /// The exit code that comes with the kind.
    let code: ExitCode
    /// What it means, in one line for `authcli help errors`.
    let meaning: String
    /// What to do next, printed after the message when the failure gives no step of its
    /// own, so that no error leaves a reader stuck.
    let nextStep: String
  }

  /// The kind's exit code, meaning and next step.
  var declaration: Declaration {
    switch self {
    case .usage:
      Declaration(
        code: .usage, meaning: "The command line is wrong (the message says how).",
        nextStep: "See 'authcli help' for the commands and their options.")
    case .passwordOnCommandLine:
      Declaration(
        code: .usage, meaning: "A password was given inside --db, where others can read it.",
        nextStep: "Give it in PGPASSWORD, PGPASSFILE or ~/.pgpass, or put the URI in AUTHCLI_DB.")
    case .notConfirmed:
      Declaration(
        code: .usage,
        meaning: "A deletion was not confirmed: no --yes without a terminal, or no 'y'.",
        nextStep: "Answer 'y' at the prompt on a terminal, or pass --yes.")
    case .validationFailed:
      Declaration(
        code: .invalidData,
        meaning: "Several fields failed; each is in 'fields' with its own kind.",
        nextStep: "Correct each field named above and run the command again.")
    case .usernameTaken:
      Declaration(
        code: .invalidData, meaning: "Another account has the username (also a field kind).",
        nextStep: "Choose another username.")
    case .inputEnded:
      Declaration(
        code: .noInput, meaning: "Input ended before every answer was read; nothing was changed.",
        nextStep: "Give every line the command reads (one per answer) and run it again.")
    case .inputNotText:
      Declaration(
        code: .invalidData, meaning: "A line of input is not UTF-8 text.",
        nextStep: "Give the line as UTF-8 text.")
    case .inputTooLong:
      Declaration(
        code: .invalidData, meaning: "A line of input is longer than the input limit.",
        nextStep: "Give a shorter line.")
    case .noDatabase:
      Declaration(
        code: .noInput, meaning: "No database file at the path; this command never creates one.",
        nextStep: "Create it with 'authcli migrate', or name another with --db or AUTHCLI_DB.")
    case .notADatabase:
      Declaration(
        code: .invalidData,
        meaning: "The file is not an SQLite database (empty, a folder, other bytes).",
        nextStep:
          "Check the path that --db or AUTHCLI_DB names; restore a backup if the file was damaged.")
    case .notAnAuthcliDatabase:
      Declaration(
        code: .invalidData, meaning: "The file is another program's SQLite database.",
        nextStep: "Name authcli's own database with --db; a text dump of one becomes usable with "
          + "'authcli migrate --adopt'.")
    case .corruptDatabase:
      Declaration(
        code: .invalidData, meaning: "The database fails its integrity check.",
        nextStep: "Restore a copy made by 'authcli backup'; 'authcli inspect' names what fails.")
    case .unexpectedSchema:
      Declaration(
        code: .invalidData, meaning: "The schema holds objects its migrations do not create.",
        nextStep:
          "Run 'authcli inspect' to list the objects the migrations do not create; drop them, "
          + "or restore a copy made by 'authcli backup'.")
    case .schemaTooNew:
      Declaration(
        code: .invalidData,
        meaning: "A newer authcli wrote the database; this one leaves it alone.",
        nextStep: "Use the newer authcli that wrote the database.")
    case .needsMigration:
      Declaration(
        code: .invalidData, meaning: "The database has migrations to apply: run 'authcli migrate'.",
        nextStep: "Run 'authcli migrate'.")
    case .migrationFailed:
      Declaration(
        code: .invalidData, meaning: "A migration could not be applied; nothing of it was kept.",
        nextStep:
          "Nothing of it was kept: run 'authcli inspect' to see the database, then 'authcli migrate' "
          + "again.")
    case .notAdopted:
      Declaration(
        code: .invalidData, meaning: "'migrate --adopt' refused the copy: its schema differs.",
        nextStep:
          "Adopt only a dump of an authcli database; 'authcli backup' makes copies that need no "
          + "adoption.")
    case .incompatibleDatabase:
      Declaration(
        code: .invalidData, meaning: "The database cannot be used by this binary.",
        nextStep: "Run 'authcli inspect' to see what the database holds.")
    case .unsafeFile:
      Declaration(
        code: .ioError,
        meaning:
          "A file authcli keeps, or a folder on its path, is a link, foreign-owned, or readable or "
          + "writable by others.",
        nextStep:
          "Make it yours and private (chmod 700 for a folder, 600 for a file), or use another path."
      )
    case .notSignedIn:
      Declaration(
        code: .noPermission, meaning: "No session for this database, or it ended.",
        nextStep: "Sign in with 'authcli signin'.")
    case .badCredentials:
      Declaration(
        code: .noPermission,
        meaning: "Unknown user, wrong password or a locked account (one answer).",
        nextStep: Self.badCredentialsStep)
    case .permissionDenied:
      Declaration(
        code: .noPermission,
        meaning: "The database server refused the account authcli connects as.",
        nextStep:
          "Connect as the role that owns authcli's tables, or grant this role access to them.")
    case .sessionNotFound:
      Declaration(
        code: .invalidData, meaning: "No session of yours with that id.",
        nextStep: "List them with 'authcli sessions list'.")
    case .noSuchAccount:
      Declaration(
        code: .invalidData, meaning: "No account with that username.",
        nextStep: "List them with 'authcli users list'.")
    case .noSuchGroup:
      Declaration(
        code: .invalidData,
        meaning: "No group with that name (a group exists while it has members).",
        nextStep: "List them with 'authcli groups list'.")
    case .notInGroup:
      Declaration(
        code: .noPermission,
        meaning: "'groups check': the account is in none of the groups named, or has no account.",
        nextStep: "Add it with 'authcli groups add GROUP USER' if it belongs there.")
    case .accountReferenced:
      Declaration(
        code: .invalidData,
        meaning: "An app's table references the account through a key that does not cascade.",
        nextStep:
          "Delete or move the account's rows in the app's table the message names, or give its "
          + "foreign key ON DELETE CASCADE; then delete the account again.")
    case .importRefused:
      Declaration(
        code: .invalidData,
        meaning:
          "'users import' or 'groups import' refused lines (each named); nothing was imported.",
        nextStep: "Correct the lines, or pass --skip-invalid to import the rest.")
    case .cannotCreate:
      Declaration(
        code: .cannotCreate, meaning: "A file or folder could not be created.",
        nextStep: "Check that the folder exists and that you may write in it.")
    case .fileExists:
      Declaration(
        code: .cannotCreate, meaning: "The path of a new file exists already; nothing was written.",
        nextStep: "Choose a new path; nothing is ever overwritten.")
    case .ioError:
      Declaration(
        code: .ioError, meaning: "Reading or writing a file or standard output failed.",
        nextStep: "Check the file, its folder and the free space, then run the command again.")
    case .busy:
      Declaration(
        code: .temporaryFailure,
        meaning: "The database stayed locked by another process; try again.", nextStep: "Try again."
      )
    case .unavailable:
      Declaration(
        code: .unavailable, meaning: "A library or server authcli needs is unavailable.",
        nextStep: "Install what is missing with 'script/setup', or start the server.")
    case .configuration:
      Declaration(
        code: .configuration,
        meaning:
          "An environment variable's value is not accepted, or the command works on SQLite only.",
        nextStep:
          "Correct the value named above; commands that work on SQLite only need a file (--db PATH)."
      )
    case .interrupted:
      Declaration(
        code: .interrupted, meaning: "Ctrl-C; nothing was changed.",
        nextStep: "Run the command again when you are ready.")
    case .databaseError:
      Declaration(
        code: .software, meaning: "The database answered with an error authcli does not expect.",
        nextStep:
          "Run 'authcli inspect' to check the database; restore a copy made by 'authcli backup' "
          + "if it is damaged.")
    case .internalError:
      Declaration(
        code: .software, meaning: "Something that should not happen did (a bug).",
        nextStep: "This is a bug in authcli: report it with the command that failed.")
    case .secondFactorRequired:
      Declaration(
        code: .noPermission,
        meaning: "The account asks for a code from an authenticator app, and none was given.",
        nextStep:
          "Give the code from your authenticator app (with --password-stdin, on the line after the "
          + "password).")
    case .incorrectCode:
      Declaration(
        code: .noPermission,
        meaning: "The code or recovery code was wrong, already used, or throttled.",
        nextStep: "Use the app's current code, or a recovery code not used before.")
    case .noSecondFactor:
      Declaration(
        code: .invalidData,
        meaning: "The account has no second factor (or none waiting for 'confirm').",
        nextStep: "Set one up with 'authcli 2fa enable'.")
    case .secondFactorOn:
      Declaration(
        code: .invalidData, meaning: "The account's second factor is on already; disable it first.",
        nextStep: "Turn it off first with 'authcli 2fa disable'.")
    case .secondFactorKey:
      Declaration(
        code: .configuration,
        meaning:
          "The second factor's key file is missing, unsafe, or not the key the secrets were sealed with.",
        nextStep: "Restore the key file, or name it in AUTHCLI_SECRET_KEY_FILE.")
    case .passwordChangeRequired:
      Declaration(
        code: .noPermission,
        meaning:
          "The password was right, but the account must choose a new one first, and none was given.",
        nextStep:
          "Sign in with 'authcli signin' and choose a new password (with --password-stdin, on the "
          + "line after the password, or after the code when a second factor is on).")
    }
  }

  /// The exit code that comes with the kind.
  var code: ExitCode { declaration.code }
  /// What it means, in one line.
  var meaning: String { declaration.meaning }
  /// What to do next.
  var nextStep: String { declaration.nextStep }

  /// The same words for every refusal, whatever its cause (a step that differed would tell
  /// a guesser which it was): the throttle rule the composition root applies, and where an
  /// operator sees an account's lock and throttle.
  private static var badCredentialsStep: String {
    "Check the username and password; \(throttleRule) (an operator sees it with "
      + "'authcli users show NAME')."
  }

  /// The step after a refused current password (`passwd`), which the same throttle counts.
  static var currentPasswordStep: String { "Check your current password; \(throttleRule)." }

  /// The sign-in throttle the composition root applies, in words.
  private static var throttleRule: String {
    let rules = AuthPolicy.standard.throttle
    return "after \(rules.freeFailures) failures in a row the name waits "
      + "\(minutes(rules.initialLock)), doubling per failure up to \(Int(rules.maximumLock / 60))"
  }

  private static func minutes(_ span: Double) -> String {
    let count = Int(span / 60)
    return count == 1 ? "1 minute" : "\(count) minutes"
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
  var line: String { String(field.map { $0 == "_" ? " " : $0 }) + ": " + message }

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
