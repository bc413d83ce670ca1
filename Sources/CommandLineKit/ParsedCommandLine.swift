/// What a command line asks for, once parsed against the declarations.
public struct ParsedCommandLine<Action: Sendable>: Sendable {
  /// What to do.
  public enum Request: Sendable {
    /// Run the command's action.
    case run(Action)
    /// Print the help page of the command (`-h`, `--help`, or a group without a subcommand).
    case help
    /// Print the version (`--version`).
    case version
  }

  /// The commands typed, the root first: `[authcli, sessions, revoke]`.
  public let path: [CommandDeclaration<Action>]
  /// The options and arguments, converted.
  public let values: ParsedValues
  /// What to do.
  public let request: Request

  /// The subcommand words, without the program's name: `["sessions", "revoke"]`.
  public var subcommandNames: [String] { path.dropFirst().map(\.name) }

  /// The program and subcommand words: `["authcli", "sessions", "revoke"]`.
  public var commandNames: [String] { path.map(\.name) }
}
