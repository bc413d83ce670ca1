import Foundation

/// Reads authbench's options; `--quick` applies first wherever it stands, so that
/// explicit sizes given with it win.
enum ArgumentParser {
  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws -> ParsedCommand {
    var options = BenchOptions()
    if arguments.contains("--quick") { options.applyQuick() }
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help", "help": return .help
      case "--quick": continue
      case "--json": options.json = true
      case "--figures", "-f":
        options.figures = try figures(try value(after: argument, in: &remaining))
      case "--repetitions", "-r":
        options.repetitions = try count(after: argument, in: &remaining, atLeast: 5)
      case "--lookups": options.lookups = try count(after: argument, in: &remaining)
      case "--users": options.users = try count(after: argument, in: &remaining)
      case "--bulk-users": options.bulkUsers = try count(after: argument, in: &remaining)
      case "--sign-ins": options.signInsPerRepetition = try count(after: argument, in: &remaining)
      case "--scale-users": options.scaleUsers = try count(after: argument, in: &remaining)
      case "--scale-sessions": options.scaleSessions = try count(after: argument, in: &remaining)
      case "--cost":
        let name = try value(after: argument, in: &remaining)
        guard CostName.all.contains(name) else {
          throw UsageError(
            description: "--cost takes one of: \(CostName.all.joined(separator: ", "))")
        }
        options.cost = name
      case "--directory": options.directory = try value(after: argument, in: &remaining)
      default: throw UsageError(description: "unknown option '\(argument)'")
      }
    }
    return .run(options)
  }

  private static func value(
    after option: String, in remaining: inout ArraySlice<String>
  ) throws
    -> String
  {
    guard let value = remaining.popFirst() else {
      throw UsageError(description: "\(option) needs a value")
    }
    return value
  }

  private static func count(
    after option: String, in remaining: inout ArraySlice<String>, atLeast minimum: Int = 1
  ) throws -> Int {
    let text = try value(after: option, in: &remaining).replacingOccurrences(of: "_", with: "")
    guard let number = Int(text), number >= minimum else {
      throw UsageError(description: "\(option) takes a whole number of at least \(minimum)")
    }
    return number
  }

  private static func figures(_ text: String) throws -> [Int] {
    let numbers = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    let valid = numbers.compactMap { $0 }.filter { (1...6).contains($0) }
    guard !valid.isEmpty, valid.count == numbers.count else {
      throw UsageError(description: "--figures takes numbers from 1 to 6, for example 1,2,3")
    }
    return valid
  }
}
