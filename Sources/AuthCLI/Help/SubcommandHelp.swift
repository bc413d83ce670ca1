import AuthCore

/// The parts of each subcommand's help page beyond its summary and usage.
enum SubcommandHelp {
  static func options(of name: SubcommandName) -> [HelpPage.Entry] {
    switch name {
    case .signup, .signin, .verify:
      [GlobalOptionHelp.username, GlobalOptionHelp.passwordStandardInput]
    case .passwd: [GlobalOptionHelp.passwordStandardInput]
    case .signout:
      [.init(label: "--all", help: "End every session of the signed-in user, on every device.")]
    case .users:
      [
        .init(label: "--username <name>", help: "add: the new account's username."),
        .init(
          label: "--password-stdin",
          help: "add, reset-password: read the password from the first line of standard input."),
        .init(
          label: "--yes",
          help: "delete: confirm without a prompt (required when stdin is not a terminal)."),
        .init(
          label: "--reason <text>",
          help: "lock: why, for the audit trail and 'users show' (at most 200 characters)."),
      ]
    case .sessions:
      [.init(label: "--token-stdin", help: "check: read the token from standard input.")]
    case .audit:
      [
        .init(label: "--user <name>", help: "Only events recorded for this username."),
        .init(label: "--kind <kind>", help: "Only events of this kind; repeat for several."),
        .init(
          label: "--since <time>",
          help: "Only events at or after a time: 2026-12-01, 2026-12-01T10:00:00Z, or a span "
            + "back from now such as 90s, 30m, 12h, 7d."),
        .init(label: "--limit <n>", help: "At most this many events, the newest (default 50)."),
      ]
    case .migrate:
      [
        .init(
          label: "--adopt",
          help: "Make a copy restored with 'sqlite3 DB .dump | sqlite3 NEW' usable, after "
            + "checking that its schema is exactly what the recorded migrations create.")
      ]
    default: []
    }
  }

  static func arguments(of name: SubcommandName) -> [HelpPage.Entry] {
    switch name {
    case .sessions:
      [.init(label: "<id>", help: "The session to end, as shown by 'authcli sessions list'.")]
    case .users:
      [.init(label: "<username>", help: "The account to show or change.")]
    case .backup:
      [.init(label: "<path>", help: "The new file; an existing file is never overwritten.")]
    case .migrate:
      [.init(label: "status", help: "Show applied and pending migrations; change nothing.")]
    case .help:
      [
        .init(label: "<subcommand>", help: "The subcommand to explain."),
        .init(label: "exit-codes", help: "List the exit codes and what they mean."),
      ]
    default: []
    }
  }

  static func subcommands(of name: SubcommandName) -> [HelpPage.Entry] {
    switch name {
    case .sessions:
      [
        .init(label: "list", help: "List the sessions, newest first; the current one is marked."),
        .init(label: "revoke", help: "End one of the sessions by its id."),
        .init(
          label: "check",
          help: "Print the user and session behind a token read from standard input "
            + "(exit 0, or 77 when it is not a live session); counts as a use."),
        .init(
          label: "prune",
          help: "Delete every expired session and every throttle row that no longer locks "
            + "anything, and report the counts."),
      ]
    case .users:
      [
        .init(label: "list", help: "List every account."),
        .init(label: "add", help: "Create an account without signing in (sign-up's rules)."),
        .init(
          label: "show",
          help: "Show an account: created, updated, last sign-in, lock, failed attempts, "
            + "sessions."),
        .init(label: "delete", help: "Delete an account and end its sessions."),
        .init(
          label: "lock",
          help: "Refuse every sign-in (with the usual sign-in answer) and end the sessions."),
        .init(label: "unlock", help: "Lift the lock and clear the sign-in throttle."),
        .init(label: "reset-password", help: "Set a new password and end every session."),
      ]
    default: []
    }
  }

  static func discussion(of name: SubcommandName) -> String? {
    switch name {
    case .signup:
      """
      Prompts for the password twice with echo off on a terminal. With --password-stdin,
      reads the password from the first line of standard input; nothing is confirmed and
      later lines are ignored.
      """
    case .signin:
      """
      Unknown user, wrong password and a locked account all exit with code 77 and the same
      message. The session token is kept in $XDG_STATE_HOME/authcli/, mode 0600.
      """
    case .passwd:
      """
      Prompts for the current password, then the new one twice. With --password-stdin,
      reads the current password, then the new one, one line each; later lines are ignored.
      """
    case .inspect:
      """
      Reads the database without changing it; exits 66 when the file does not exist and
      65 when the integrity check fails.
      """
    case .users:
      """
      Whoever can open the database administers it, as with htpasswd or manage.py: these
      verbs need no sign-in. Each change is recorded in the audit trail. 'delete' asks for
      confirmation on a terminal and needs --yes otherwise (exit 64 without it); a name
      with no account exits 65.
      """
    case .verify:
      """
      Exits 0 when the password is right and 77 otherwise (unknown user, wrong password,
      locked), like 'htpasswd -v'. Starts no session; throttled, audited and timed exactly
      like 'authcli signin'. With --password-stdin, reads one line.
      """
    case .sessions:
      """
      'list' and 'revoke' act on the signed-in user's sessions. 'check' serves other
      programs: it reads a token from standard input, not the state file.
      """
    case .audit:
      """
      Kinds: \(AuthEventKind.allCases.map(\.rawValue).joined(separator: ", ")). The
      details never hold a password, token or hash.
      """
    case .backup:
      """
      Copies the database while other processes keep writing (VACUUM INTO, one
      consistent snapshot), into a new file of mode 0600, then runs the integrity check
      on the copy. Exits 73 when the path exists or cannot be created.
      """
    case .migrate:
      """
      Creates the database when missing. 'sqlite3 DB .dump' does not carry the schema
      version, so a copy restored from a dump is refused until 'migrate --adopt' has
      checked every table, index and trigger against the recorded migrations.
      """
    case .shell:
      """
      Menus accept the item's number or label. 'quit', 'exit' or Ctrl-D leave from anywhere;
      Ctrl-C cancels the current form. --db :memory: gives a throwaway database.
      """
    default: nil
    }
  }
}
