import AuthCore

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
    case .sessions: return try sessions(arguments)
    case .users: return try users(arguments)
    case .migrate: return try migrate(arguments)
    case .help: return try help(arguments)
    }
  }

  private static func sessions(_ arguments: [String]) throws(UsageError) -> Command {
    switch arguments.first {
    case "list":
      try expectNone(Array(arguments.dropFirst()), for: .sessions)
      return .listSessions
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
      throw UsageError("Missing subcommand: 'list' or 'revoke <id>'", subcommand: .sessions)
    case let other?:
      throw UsageError("Unknown subcommand 'sessions \(other)'", subcommand: .sessions)
    }
  }

  private static func users(_ arguments: [String]) throws(UsageError) -> Command {
    switch arguments.first {
    case "list":
      try expectNone(Array(arguments.dropFirst()), for: .users)
      return .listUsers
    case nil:
      throw UsageError("Missing subcommand: 'list'", subcommand: .users)
    case let other?:
      throw UsageError("Unknown subcommand 'users \(other)'", subcommand: .users)
    }
  }

  private static func migrate(_ arguments: [String]) throws(UsageError) -> Command {
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
