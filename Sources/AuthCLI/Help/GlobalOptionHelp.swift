/// The help lines of the options every subcommand accepts.
enum GlobalOptionHelp {
  static let entries: [HelpPage.Entry] = [
    .init(
      label: "--db <path>",
      help:
        "The database file, or ':memory:' for a throwaway one (shell only). Default: $AUTHCLI_DB, "
        + "then $XDG_DATA_HOME/authcli/auth.sqlite3 (~/.local/share/authcli/auth.sqlite3)."),
    .init(
      label: "--json",
      help: "Print results as JSON on stdout and errors as JSON on stderr."),
    .init(label: "--no-input", help: "Never prompt; fail with exit code 64 when input is needed."),
    .init(label: "--no-color", help: "Never colour the output (NO_COLOR does the same)."),
  ]

  static let help = HelpPage.Entry(label: "-h, --help", help: "Show help information.")
  static let version = HelpPage.Entry(label: "--version", help: "Show the version.")
  static let passwordStandardInput = HelpPage.Entry(
    label: "--password-stdin",
    help:
      "Read the password from standard input instead of prompting: one line per password you "
      + "know, never a confirmation.")
  static let username = HelpPage.Entry(
    label: "--username <name>",
    help: "The username (3 to 32 of a-z 0-9 . _ -). Prompted for on a terminal when missing.")
}
