/// The options and arguments of a parsed command line, converted, read through the
/// declarations that describe them.
public struct ParsedValues: Sendable {
  private var flags: Set<String> = []
  private var options: [String: [any Sendable]] = [:]
  private var arguments: [String: [any Sendable]] = [:]

  /// No values: every flag off, every option and argument absent.
  public init() {}

  /// Whether the flag was given.
  public subscript(flag: Flag) -> Bool { flags.contains(flag.declaration.name) }

  /// The option's value (the last one typed), or `nil` when it was not given.
  public subscript<Value>(option: Option<Value>) -> Value? {
    options[option.declaration.name]?.last as? Value
  }

  /// Every value typed for an option, in order (one at most unless it is repeating).
  public func all<Value>(_ option: Option<Value>) -> [Value] {
    (options[option.declaration.name] ?? []).compactMap { $0 as? Value }
  }

  /// The argument's value (the first, for a repeating one), or `nil` when it was not given.
  public subscript<Value>(argument: Argument<Value>) -> Value? {
    arguments[argument.declaration.valueName]?.first as? Value
  }

  /// Every value of a repeating argument, in order typed.
  public func all<Value>(_ argument: Argument<Value>) -> [Value] {
    (arguments[argument.declaration.valueName] ?? []).compactMap { $0 as? Value }
  }

  mutating func set(_ option: OptionDeclaration, to value: (any Sendable)?) {
    if let value {
      if option.isRepeating {
        options[option.name, default: []].append(value)
      } else {
        options[option.name] = [value]
      }
    } else {
      flags.insert(option.name)
    }
  }

  mutating func append(_ argument: ArgumentDeclaration, _ value: any Sendable) {
    arguments[argument.valueName, default: []].append(value)
  }
}
