import CommandLineKit

/// Options every subcommand accepts, before or after its name.
struct GlobalOptions: Hashable, Sendable {
  /// `--db PATH`: the database file, or `:memory:`.
  var databasePath: String?
  /// `--json`: machine-readable output and errors.
  var json: Bool
  /// `--no-input`: fail instead of prompting.
  var noInput: Bool
  /// `--no-color`: never colour the output.
  var noColor: Bool

  /// Options as given; all off by default.
  init(
    databasePath: String? = nil, json: Bool = false, noInput: Bool = false, noColor: Bool = false
  ) {
    self.databasePath = databasePath
    self.json = json
    self.noInput = noInput
    self.noColor = noColor
  }

  /// The options of a parsed command line.
  init(_ values: ParsedValues) {
    self.init(
      databasePath: values[Self.database], json: values[Self.jsonFlag],
      noInput: values[Self.noInputFlag], noColor: values[Self.noColorFlag])
  }

  static let database = Option<String?>(
    "db", valueName: "path",
    help:
      "The database file, ':memory:' for a throwaway one (shell only), or a postgresql:// URI "
      + "(without a password). Default: $AUTHCLI_DB, then $XDG_DATA_HOME/authcli/auth.sqlite3 "
      + "(~/.local/share/authcli/auth.sqlite3).",
    completion: .files)
  static let jsonFlag = Flag(
    "json", help: "Print results as JSON on stdout and errors as JSON on stderr.")
  static let noInputFlag = Flag(
    "no-input", help: "Never prompt; fail with exit code 64 when input is needed.")
  static let noColorFlag = Flag(
    "no-color", help: "Never colour the output (NO_COLOR does the same).")

  /// The declarations, in the order help lists them.
  static let declarations: [any DeclaredOption] = [database, jsonFlag, noInputFlag, noColorFlag]
}
