/// Every option the parser knows, with whether it takes a value.
enum OptionName: String, CaseIterable {
  case database = "--db"
  case json = "--json"
  case noInput = "--no-input"
  case noColor = "--no-color"
  case help = "--help"
  case version = "--version"
  case username = "--username"
  case passwordStandardInput = "--password-stdin"
  case all = "--all"

  /// Whether the option reads a value (`--db PATH` or `--db=PATH`).
  var takesValue: Bool { self == .database || self == .username }

  /// How help and errors show the option, with its value's placeholder.
  var label: String {
    switch self {
    case .database: "--db <path>"
    case .username: "--username <name>"
    default: rawValue
    }
  }

  /// The subcommands that accept this option; `nil` when every one does.
  var subcommands: Set<SubcommandName>? {
    switch self {
    case .username: [.signup, .signin]
    case .passwordStandardInput: [.signup, .signin, .passwd]
    case .all: [.signout]
    default: nil
    }
  }

  /// Looks up `--name`, also accepting the `-h` short form of `--help`.
  init?(token: String) {
    if token == "-h" {
      self = .help
      return
    }
    self.init(rawValue: token)
  }
}
