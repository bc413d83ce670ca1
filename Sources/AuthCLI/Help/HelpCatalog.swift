/// Every help page: the root, each subcommand, and the exit codes.
enum HelpCatalog {
  /// The text `help`, `-h` and `--help` print for a topic.
  static func text(for topic: HelpTopic) -> String {
    switch topic {
    case .root: root.render()
    case .subcommand(let name): page(for: name).render()
    case .exitCodes: ExitCodeHelp.text
    }
  }

  /// The one-line summary of each subcommand, shared by the root page and the subcommand's own.
  static func abstract(of name: SubcommandName) -> String {
    switch name {
    case .signup: "Create an account and sign in."
    case .signin: "Sign in: start a new session."
    case .signout: "End this session, or with --all every session of the user."
    case .whoami: "Show the signed-in user, when the session started and when it expires."
    case .passwd: "Change the signed-in user's password (ends every other session)."
    case .sessions: "List, end or check sessions; prune expired ones."
    case .users: "Administer accounts: list, add, show, delete, lock, reset passwords."
    case .inspect: "Report on the database: schema, tables, sessions, integrity."
    case .migrate: "Apply pending migrations, show them, or adopt a restored dump."
    case .verify: "Check a password without starting a session (exit 0 or 77)."
    case .audit: "Show the audit trail, newest first."
    case .backup: "Write a consistent, checked copy of the database to a new file."
    case .shell: "Start the interactive line-mode front end."
    case .help: "Show help for a subcommand, or the exit codes."
    }
  }

  static let root = HelpPage(
    overview: "Accounts and sessions in SQLite, from scripts or an interactive shell.",
    usage: ["authcli [--db <path>] [--json] [--no-input] [--no-color] <subcommand>"],
    discussion: """
      The exit codes are listed by 'authcli help exit-codes'. Environment: AUTHCLI_DB
      (the database when --db is not given), XDG_DATA_HOME, XDG_STATE_HOME (where the
      session token is kept), NO_COLOR.
      """,
    options: GlobalOptionHelp.entries + [GlobalOptionHelp.version, GlobalOptionHelp.help],
    subcommands: SubcommandName.allCases.map { .init(label: $0.rawValue, help: abstract(of: $0)) },
    pointsToSubcommandHelp: true
  )

  static func page(for name: SubcommandName) -> HelpPage {
    var page = HelpPage(overview: abstract(of: name), usage: usage(of: name))
    page.discussion = SubcommandHelp.discussion(of: name)
    page.arguments = SubcommandHelp.arguments(of: name)
    page.subcommands = SubcommandHelp.subcommands(of: name)
    page.options =
      SubcommandHelp.options(of: name) + GlobalOptionHelp.entries + [GlobalOptionHelp.help]
    return page
  }

  private static func usage(of name: SubcommandName) -> [String] {
    let tail = "[<options>]"
    return switch name {
    case .signup: ["authcli signup [--username <name>] [--password-stdin] \(tail)"]
    case .signin: ["authcli signin [--username <name>] [--password-stdin] \(tail)"]
    case .signout: ["authcli signout [--all] \(tail)"]
    case .passwd: ["authcli passwd [--password-stdin] \(tail)"]
    case .sessions:
      [
        "authcli sessions list \(tail)", "authcli sessions revoke <id> \(tail)",
        "authcli sessions check --token-stdin \(tail)", "authcli sessions prune \(tail)",
      ]
    case .users:
      [
        "authcli users list \(tail)",
        "authcli users add [--username <name>] [--password-stdin] \(tail)",
        "authcli users show <username> \(tail)",
        "authcli users delete <username> [--yes] \(tail)",
        "authcli users lock <username> [--reason <text>] \(tail)",
        "authcli users unlock <username> \(tail)",
        "authcli users reset-password <username> [--password-stdin] \(tail)",
      ]
    case .migrate: ["authcli migrate [status] \(tail)", "authcli migrate --adopt \(tail)"]
    case .verify: ["authcli verify [--username <name>] [--password-stdin] \(tail)"]
    case .audit:
      [
        "authcli audit [--user <name>] [--kind <kind> ...] [--since <time>]",
        "              [--limit <n>] \(tail)",
      ]
    case .backup: ["authcli backup <path> \(tail)"]
    case .help: ["authcli help [<subcommand>]", "authcli help exit-codes"]
    case .whoami, .inspect, .shell: ["authcli \(name.rawValue) \(tail)"]
    }
  }
}
