/// A variable of the environment that authcli reads, declared once: every lookup goes
/// through it, and the root help, the man page's ENVIRONMENT section and docs/cli.md list
/// it from here, so a variable cannot be read without being documented.
struct EnvironmentVariable: Hashable, Sendable {
  /// Who is expected to set it.
  enum Audience: Hashable, Sendable {
    /// The person or script running authcli.
    case everyone
    /// pam_exec, for `verify --pam`.
    case pamExec
    /// libpq's own variables, which authcli also reads to decide on a server's certificate.
    case libpq
    /// Test suites only: never set for real accounts.
    case testsOnly
  }

  /// The name, as exported: `AUTHCLI_DB`.
  let name: String
  /// What it does, and what applies when it is unset, for the man page and docs/cli.md.
  let meaning: String
  /// Who sets it.
  let audience: Audience
  /// A few words for the root help page, where only those everyone sets have them (the
  /// others are named together by who sets them).
  let summary: String?

  init(name: String, summary: String? = nil, meaning: String, audience: Audience) {
    self.name = name
    self.summary = summary
    self.meaning = meaning
    self.audience = audience
  }

  /// `--db`'s fallback.
  static let database = EnvironmentVariable(
    name: "AUTHCLI_DB", summary: "the database when --db is not given",
    meaning:
      "The database when --db is not given: a file, or a postgresql:// URI. Unset or empty: "
      + "$XDG_DATA_HOME/authcli/auth.sqlite3.",
    audience: .everyone)
  /// The second-factor key file's place.
  static let secretKeyFile = EnvironmentVariable(
    name: "AUTHCLI_SECRET_KEY_FILE", summary: "the second-factor key file",
    meaning:
      "The second-factor key file, in place of $XDG_STATE_HOME/authcli.key (for example one "
      + "shared by every operator of a server's database).",
    audience: .everyone)
  /// The XDG data folder.
  static let dataHome = EnvironmentVariable(
    name: "XDG_DATA_HOME", summary: "where the default database lives",
    meaning:
      "Where the default database lives, in authcli/auth.sqlite3 (~/.local/share when unset "
      + "or not an absolute path).",
    audience: .everyone)
  /// The XDG state folder.
  static let stateHome = EnvironmentVariable(
    name: "XDG_STATE_HOME", summary: "where session tokens and the key file live",
    meaning:
      "Where session tokens and device cookies live, in authcli/, and beside them the "
      + "second-factor key file (~/.local/state when unset or not an absolute path).",
    audience: .everyone)
  /// The fallback of both XDG folders.
  static let home = EnvironmentVariable(
    name: "HOME", summary: "the base of the XDG folders when they are unset",
    meaning:
      "The base of ~/.local/share and ~/.local/state when XDG_DATA_HOME or XDG_STATE_HOME is "
      + "unset; without either, a command that needs the folder fails with exit 78.",
    audience: .everyone)
  /// no-color.org's switch.
  static let noColor = EnvironmentVariable(
    name: "NO_COLOR", summary: "no colour when set and not empty",
    meaning:
      "Any value but the empty one turns colour off, as --no-color does. Colour is only ever "
      + "used on a terminal.",
    audience: .everyone)
  /// The terminal's kind.
  static let terminal = EnvironmentVariable(
    name: "TERM", summary: "no colour and no line editing when dumb",
    meaning:
      "dumb turns colour and the shell's line editing off: such a terminal obeys no escape "
      + "codes.",
    audience: .everyone)
  /// The width when no terminal says it.
  static let columns = EnvironmentVariable(
    name: "COLUMNS", summary: "the width of pages and tables off a terminal",
    meaning:
      "The width of help pages, the man page's usage lines and tables when standard output is "
      + "no terminal; on a terminal its own window size wins. Without either, help is 80 "
      + "columns and a table in a file or pipe is as wide as its cells. A table too wide for "
      + "the width wraps its widest cells within their columns, or, narrower still, shows each "
      + "row as HEADER  value lines.",
    audience: .everyone)
  /// libedit's key bindings file, read by libedit itself.
  static let editorBindings = EnvironmentVariable(
    name: "EDITRC", summary: "the shell's key bindings, in place of ~/.editrc",
    meaning:
      "Read by libedit when the shell edits lines on a terminal: the key bindings file, in "
      + "place of ~/.editrc.",
    audience: .everyone)
  /// The password-hashing cost.
  static let hashingCost = EnvironmentVariable(
    name: "AUTHCLI_ARGON2",
    meaning:
      "For tests only. The cost of new password hashes: interactive (the default: 2 passes "
      + "over 64 MiB) or moderate, the real costs; minimum, libsodium's smallest, makes test "
      + "suites fast. It is not what a check costs: hashes kept from another system that cost "
      + "more raise the store's own sign-in work (users import --raise-sign-in-work, users "
      + "sign-in-work), which every command reads from the store. Never set minimum for real "
      + "accounts: for any database but :memory: it is "
      + "refused (exit 78, before any file is created) unless "
      + "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST=1 is set too.",
    audience: .testsOnly)
  /// The second switch `AUTHCLI_ARGON2=minimum` needs for a file.
  static let minimumCostAllowed = EnvironmentVariable(
    name: "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST",
    meaning:
      "For test suites only: 1 lets AUTHCLI_ARGON2=minimum hash for a database file; the "
      + "project's own tests set it.",
    audience: .testsOnly)
  /// The account pam_exec asks about.
  static let pamUser = EnvironmentVariable(
    name: "PAM_USER",
    meaning: "Set by pam_exec: the account verify --pam checks when --username is not given.",
    audience: .pamExec)
  /// The PAM service, for the audit trail.
  static let pamService = EnvironmentVariable(
    name: "PAM_SERVICE",
    meaning: "Set by pam_exec: the PAM service, recorded in the audit trail by verify --pam.",
    audience: .pamExec)
  /// The remote host, for the audit trail.
  static let pamRemoteHost = EnvironmentVariable(
    name: "PAM_RHOST",
    meaning: "Set by pam_exec: the remote host, recorded in the audit trail by verify --pam.",
    audience: .pamExec)
  /// The terminal, for the audit trail.
  static let pamTerminal = EnvironmentVariable(
    name: "PAM_TTY",
    meaning: "Set by pam_exec: the terminal, recorded in the audit trail by verify --pam.",
    audience: .pamExec)
  /// libpq's TLS mode.
  static let postgresSSLMode = EnvironmentVariable(
    name: "PGSSLMODE",
    meaning:
      "libpq's TLS mode when the URI names none. With neither, a server that is not this "
      + "machine is reached with sslmode=verify-full.",
    audience: .libpq)
  /// libpq's host.
  static let postgresHost = EnvironmentVariable(
    name: "PGHOST",
    meaning:
      "libpq's host when the URI names none; it decides, with PGHOSTADDR, whether the server "
      + "is this machine.",
    audience: .libpq)
  /// libpq's host address.
  static let postgresHostAddress = EnvironmentVariable(
    name: "PGHOSTADDR",
    meaning: "libpq's host address when the URI names none, judged as PGHOST is.",
    audience: .libpq)

  /// Every variable authcli reads, in the order the pages list them.
  static let all: [EnvironmentVariable] = [
    database, secretKeyFile, dataHome, stateHome, home, noColor, terminal, columns,
    editorBindings,
    pamUser, pamService, pamRemoteHost, pamTerminal,
    postgresSSLMode, postgresHost, postgresHostAddress,
    hashingCost, minimumCostAllowed,
  ]

  /// The root help's paragraph: the variables everyone sets with their summaries, the
  /// others named by who sets them; the man page says what each does.
  static var helpParagraph: String {
    func listed(_ audience: Audience) -> String {
      let names = all.filter { $0.audience == audience }.map(\.name)
      guard let last = names.last else { return "" }
      return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
    let everyone = all.filter { $0.audience == .everyone }.map { variable in
      variable.name + (variable.summary.map { " (" + $0 + ")" } ?? "")
    }
    return "Environment: " + everyone.joined(separator: ", ") + "; "
      + [Audience.pamExec, .libpq, .testsOnly].map { listed($0) + " (" + $0.summary + ")" }
      .joined(separator: "; ") + "."
  }
}

extension EnvironmentVariable.Audience {
  /// Who sets the variables, for the root help.
  var summary: String {
    switch self {
    case .everyone: "set by whoever runs authcli"
    case .pamExec: "set by pam_exec for verify --pam"
    case .libpq: "libpq's, read when the URI names no host or TLS mode"
    case .testsOnly: "for tests only"
    }
  }
}

extension ProcessEnvironment {
  /// The variable's value, when it is set: the one way a command reads the environment.
  subscript(variable: EnvironmentVariable) -> String? { value(named: variable.name) }
}

/// A file authcli reads or writes of its own accord, declared once: where it is found, and what
/// the man page's FILES section and docs/cli.md say of it.
struct KnownFile: Hashable, Sendable {
  /// How the pages name it: `$XDG_DATA_HOME/authcli/auth.sqlite3`.
  let label: String
  /// A few words for the root help page.
  let summary: String
  /// What it holds and how it is kept.
  let meaning: String

  /// The root help's paragraph: each file with its summary.
  static var helpParagraph: String {
    "Files: " + all.map { "\($0.label) (\($0.summary))" }.joined(separator: ", ") + "."
  }

  /// The database when neither --db nor AUTHCLI_DB names one.
  static let defaultDatabase = KnownFile(
    label: "$XDG_DATA_HOME/" + defaultDatabasePath, summary: "the default database",
    meaning:
      "The default database (mode 0600; the folder, made by the commands that create the "
      + "database, 0700).")
  /// One token and device cookie file per database.
  static let stateFolder = KnownFile(
    label: "$XDG_STATE_HOME/" + stateFolderName + "/", summary: "session tokens",
    meaning:
      "The session token of each database (session-<hash of the database's path>) and its "
      + "device cookies (device-<hash>), mode 0600 in a 0700 folder.")
  /// The key that seals second-factor secrets.
  static let secondFactorKey = KnownFile(
    label: "$XDG_STATE_HOME/" + secondFactorKeyName, summary: "the second-factor key",
    meaning:
      "The second-factor key (AUTHCLI_SECRET_KEY_FILE names another): 32 random bytes, mode "
      + "0600, made by the first '2fa enable'. Never in the database or a backup: keep a copy.")
  /// The shell's history, when asked for.
  static let shellHistory = KnownFile(
    label: "shell --history FILE", summary: "the shell's history, when named",
    meaning:
      "Only when named: the shell's answers typed on a terminal, never a password (mode 0600).")

  /// libedit's key bindings, read by libedit itself.
  static let editorBindings = KnownFile(
    label: "~/.editrc", summary: "the shell's key bindings",
    meaning:
      "Read, never written, by libedit when the shell edits lines on a terminal: the user's "
      + "key bindings (EDITRC names another file).")

  /// Every file, in the order the pages list them.
  static let all: [KnownFile] = [
    defaultDatabase, stateFolder, secondFactorKey, shellHistory, editorBindings,
  ]

  /// The default database below the XDG data folder.
  static let defaultDatabasePath = "authcli/auth.sqlite3"
  /// The folder of tokens and cookies below the XDG state folder.
  static let stateFolderName = "authcli"
  /// The key file's name in the XDG state folder.
  static let secondFactorKeyName = "authcli.key"
}
