/// The options and positional words of a command line, before any meaning is given to them.
struct ScannedArguments {
  var options = GlobalOptions()
  var username: String?
  var passwordFromStandardInput = false
  var all = false
  var yes = false
  var reason: String?
  var tokenFromStandardInput = false
  var auditUser: String?
  var auditKinds: [String] = []
  var since: String?
  var limit: String?
  var adopt = false
  var wantsHelp = false
  var wantsVersion = false
  var positionals: [String] = []
  /// Options in the order typed, to check each against the subcommand.
  var seen: [OptionName] = []
}

/// Splits arguments into options and positional words.
enum TokenScanner {
  static func scan(_ arguments: [String]) throws(UsageError) -> ScannedArguments {
    var result = ScannedArguments()
    var index = arguments.startIndex
    var optionsEnded = false
    while index < arguments.endIndex {
      let token = arguments[index]
      index += 1
      if optionsEnded || !token.hasPrefix("-") || token == "-" {
        result.positionals.append(token)
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      let (name, inlineValue) = split(token)
      guard let option = OptionName(token: name) else {
        throw UsageError("Unknown option '\(name)'", subcommand: subcommand(of: result))
      }
      var value: String?
      if option.takesValue {
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.endIndex, !looksLikeOption(arguments[index]) {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError(
            "Missing value for '\(option.label)'", subcommand: subcommand(of: result))
        }
      } else if inlineValue != nil {
        throw UsageError(
          "The option '\(option.rawValue)' does not take a value",
          subcommand: subcommand(of: result))
      }
      result.seen.append(option)
      apply(option, value: value ?? "", to: &result)
    }
    return result
  }

  private static func apply(_ option: OptionName, value: String, to result: inout ScannedArguments)
  {
    switch option {
    case .database: result.options.databasePath = value
    case .json: result.options.json = true
    case .noInput: result.options.noInput = true
    case .noColor: result.options.noColor = true
    case .help: result.wantsHelp = true
    case .version: result.wantsVersion = true
    case .username: result.username = value
    case .passwordStandardInput: result.passwordFromStandardInput = true
    case .all: result.all = true
    case .yes: result.yes = true
    case .reason: result.reason = value
    case .tokenStandardInput: result.tokenFromStandardInput = true
    case .user: result.auditUser = value
    case .kind: result.auditKinds.append(value)
    case .since: result.since = value
    case .limit: result.limit = value
    case .adopt: result.adopt = true
    }
  }

  /// `--db=x` splits at the first `=`; `-h` and `--json` have no inline value.
  private static func split(_ token: String) -> (String, String?) {
    guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else {
      return (token, nil)
    }
    return (String(token[..<equals]), String(token[token.index(after: equals)...]))
  }

  private static func looksLikeOption(_ token: String) -> Bool {
    token.hasPrefix("-") && token != "-"
  }

  /// The subcommand typed so far, so an error can point at its help.
  private static func subcommand(of result: ScannedArguments) -> SubcommandName? {
    result.positionals.first.flatMap(SubcommandName.init(rawValue:))
  }
}
