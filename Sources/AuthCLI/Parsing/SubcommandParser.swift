import AuthCore
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Gives meaning to the positional words after a subcommand's name.
enum SubcommandParser {
  static func command(
    for subcommand: SubcommandName, arguments: [String], scanned: ScannedArguments
  ) throws(UsageError) -> Command {
    switch subcommand {
    case .signup:
      try expectNone(arguments, for: subcommand)
      return .signUp(
        username: scanned.username, passwordFromStandardInput: scanned.passwordFromStandardInput)
    case .signin:
      try expectNone(arguments, for: subcommand)
      return .signIn(
        username: scanned.username, passwordFromStandardInput: scanned.passwordFromStandardInput)
    case .signout:
      try expectNone(arguments, for: subcommand)
      return .signOut(all: scanned.all)
    case .whoami:
      try expectNone(arguments, for: subcommand)
      return .whoAmI
    case .passwd:
      try expectNone(arguments, for: subcommand)
      return .changePassword(passwordFromStandardInput: scanned.passwordFromStandardInput)
    case .inspect:
      try expectNone(arguments, for: subcommand)
      return .inspect
    case .shell:
      try expectNone(arguments, for: subcommand)
      return .shell
    case .verify:
      try expectNone(arguments, for: subcommand)
      return .verify(
        username: scanned.username, passwordFromStandardInput: scanned.passwordFromStandardInput)
    case .audit:
      try expectNone(arguments, for: subcommand)
      return .audit(try AuditOptionParser.selection(scanned))
    case .backup:
      guard let path = arguments.first else {
        throw UsageError("Missing expected argument '<path>'", subcommand: .backup)
      }
      try expectNone(Array(arguments.dropFirst()), for: .backup)
      return .backup(path: path)
    case .sessions: return try sessions(arguments, scanned)
    case .users: return try users(arguments, scanned)
    case .migrate: return try migrate(arguments, scanned)
    case .help: return try help(arguments)
    }
  }

  private static func sessions(
    _ arguments: [String], _ scanned: ScannedArguments
  ) throws(UsageError) -> Command {
    try allowOnly(
      arguments.first == "check" ? [.tokenStandardInput] : [], scanned,
      in: "sessions", verb: arguments.first)
    switch arguments.first {
    case "list":
      try expectNone(Array(arguments.dropFirst()), for: .sessions)
      return .listSessions
    case "check":
      try expectNone(Array(arguments.dropFirst()), for: .sessions)
      guard scanned.tokenFromStandardInput else {
        throw UsageError(
          "Pass --token-stdin: 'sessions check' reads the token from standard input",
          subcommand: .sessions)
      }
      return .checkSession
    case "prune":
      try expectNone(Array(arguments.dropFirst()), for: .sessions)
      return .pruneSessions
    case "revoke":
      guard arguments.count >= 2 else {
        throw UsageError("Missing expected argument '<id>'", subcommand: .sessions)
      }
      try expectNone(Array(arguments.dropFirst(2)), for: .sessions)
      guard let id = Int64(arguments[1]), id > 0 else {
        throw UsageError(
          "The value '\(arguments[1])' is invalid for '<id>': use a number from 'authcli sessions list'",
          subcommand: .sessions)
      }
      return .revokeSession(SessionID(rawValue: id))
    case nil:
      throw UsageError(
        "Missing subcommand: 'list', 'revoke <id>', 'check' or 'prune'", subcommand: .sessions)
    case let other?:
      throw UsageError("Unknown subcommand 'sessions \(other)'", subcommand: .sessions)
    }
  }

  /// The verbs of `users`, and the options each accepts.
  private static let userVerbs: [String: Set<OptionName>] = [
    "list": [], "add": [.username, .passwordStandardInput], "show": [], "delete": [.yes],
    "lock": [.reason], "unlock": [], "reset-password": [.passwordStandardInput],
  ]

  private static func users(
    _ arguments: [String], _ scanned: ScannedArguments
  ) throws(UsageError) -> Command {
    guard let verb = arguments.first else {
      throw UsageError(
        "Missing subcommand: 'list', 'add', 'show', 'delete', 'lock', 'unlock' or "
          + "'reset-password'", subcommand: .users)
    }
    guard let allowed = userVerbs[verb] else {
      throw UsageError("Unknown subcommand 'users \(verb)'", subcommand: .users)
    }
    try allowOnly(allowed, scanned, in: "users", verb: verb)
    if verb == "list" || verb == "add" {
      try expectNone(Array(arguments.dropFirst()), for: .users)
      return verb == "list"
        ? .listUsers
        : .addUser(
          username: scanned.username,
          passwordFromStandardInput: scanned.passwordFromStandardInput)
    }
    guard arguments.count >= 2 else {
      throw UsageError("Missing expected argument '<username>'", subcommand: .users)
    }
    try expectNone(Array(arguments.dropFirst(2)), for: .users)
    let name = arguments[1]
    switch verb {
    case "show": return .showUser(name)
    case "delete": return .deleteUser(name, confirmed: scanned.yes)
    case "lock": return .lockUser(name, reason: scanned.reason ?? "")
    case "unlock": return .unlockUser(name)
    default:
      return .resetPassword(name, passwordFromStandardInput: scanned.passwordFromStandardInput)
    }
  }

  /// Refuses the options of `family` (the ones only some verbs take) that `verb` does not.
  private static func allowOnly(
    _ allowed: Set<OptionName>, _ scanned: ScannedArguments, in subcommand: String,
    verb: String?
  ) throws(UsageError) {
    let name = SubcommandName(rawValue: subcommand)
    for option in scanned.seen where option.subcommands != nil && !allowed.contains(option) {
      let target = verb.map { "\(subcommand) \($0)" } ?? subcommand
      throw UsageError(
        "Unknown option '\(option.rawValue)' for '\(target)'", subcommand: name)
    }
  }

  private static func migrate(
    _ arguments: [String], _ scanned: ScannedArguments
  ) throws(UsageError) -> Command {
    if scanned.adopt {
      try expectNone(arguments, for: .migrate)
      return .adopt
    }
    switch arguments.first {
    case nil: return .migrate
    case "status":
      try expectNone(Array(arguments.dropFirst()), for: .migrate)
      return .migrationStatus
    case let other?:
      throw UsageError("Unexpected argument '\(other)'", subcommand: .migrate)
    }
  }

  private static func help(_ arguments: [String]) throws(UsageError) -> Command {
    guard let topic = arguments.first else { return .help(.root) }
    if topic == "exit-codes" {
      try expectNone(Array(arguments.dropFirst()), for: .help)
      return .help(.exitCodes)
    }
    guard let subcommand = SubcommandName(rawValue: topic) else {
      throw UsageError("Unknown subcommand '\(topic)'", subcommand: .help)
    }
    // `help sessions list` explains `sessions`, like `sessions list --help`.
    return .help(.subcommand(subcommand))
  }

  private static func expectNone(
    _ arguments: [String], for subcommand: SubcommandName
  ) throws(UsageError) {
    if let extra = arguments.first {
      throw UsageError("Unexpected argument '\(extra)'", subcommand: subcommand)
    }
  }
}
