import AuthCore

/// Turns `CommandLine.arguments` (without the program name) into an `Invocation`.
///
/// Options may stand before or after the subcommand, as `--opt value` or
/// `--opt=value`; `--` ends the options. Every mistake is a `UsageError`.
enum ArgumentParser {
  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let scanned = try TokenScanner.scan(arguments)
    var positionals = scanned.positionals[...]
    guard let first = positionals.popFirst() else {
      return Invocation(command: rootCommand(scanned), options: scanned.options)
    }
    guard let subcommand = SubcommandName(rawValue: first) else {
      throw UsageError("Unknown subcommand '\(first)'")
    }
    try checkOptions(scanned, allowedFor: subcommand)
    if scanned.wantsHelp {
      return Invocation(command: .help(.subcommand(subcommand)), options: scanned.options)
    }
    if scanned.wantsVersion {
      return Invocation(command: .version, options: scanned.options)
    }
    let command = try SubcommandParser.command(
      for: subcommand, arguments: Array(positionals), scanned: scanned)
    return Invocation(command: command, options: scanned.options)
  }

  private static func rootCommand(_ scanned: ScannedArguments) -> Command {
    if scanned.wantsHelp { return .help(.root) }
    if scanned.wantsVersion { return .version }
    return .help(.root)
  }

  private static func checkOptions(
    _ scanned: ScannedArguments, allowedFor subcommand: SubcommandName
  ) throws(UsageError) {
    for option in scanned.seen {
      if let allowed = option.subcommands, !allowed.contains(subcommand) {
        throw UsageError(
          "Unknown option '\(option.rawValue)' for '\(subcommand.rawValue)'",
          subcommand: subcommand)
      }
    }
  }
}
