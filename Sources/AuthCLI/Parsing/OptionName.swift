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
  case yes = "--yes"
  case reason = "--reason"
  case tokenStandardInput = "--token-stdin"
  case user = "--user"
  case kind = "--kind"
  case since = "--since"
  case limit = "--limit"
  case adopt = "--adopt"

  /// Whether the option reads a value (`--db PATH` or `--db=PATH`).
  var takesValue: Bool {
    switch self {
    case .database, .username, .reason, .user, .kind, .since, .limit: true
    default: false
    }
  }

  /// How help and errors show the option, with its value's placeholder.
  var label: String {
    switch self {
    case .database: "--db <path>"
    case .username: "--username <name>"
    case .reason: "--reason <text>"
    case .user: "--user <name>"
    case .kind: "--kind <kind>"
    case .since: "--since <time>"
    case .limit: "--limit <n>"
    default: rawValue
    }
  }

  /// The subcommands that accept this option; `nil` when every one does. Subcommands
  /// with subcommands of their own (`users`, `sessions`) check again per verb.
  var subcommands: Set<SubcommandName>? {
    switch self {
    case .username: [.signup, .signin, .users, .verify]
    case .passwordStandardInput: [.signup, .signin, .passwd, .users, .verify]
    case .all: [.signout]
    case .yes, .reason: [.users]
    case .tokenStandardInput: [.sessions]
    case .user, .kind, .since, .limit: [.audit]
    case .adopt: [.migrate]
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
