/// The options and arguments of a parsed command line, converted, read through the
/// declarations that describe them: each value is stored under its declaration's identity,
/// so it comes back with the type it was declared with.
public struct ParsedValues: Sendable {
  private var flags: Set<DeclarationKey> = []
  private var options: [DeclarationKey: any Sendable] = [:]
  private var arguments: [DeclarationKey: [any Sendable]] = [:]
  /// The declarations of the command parsed (its options, the global ones and its
  /// arguments); `nil` for values made without parsing, which read every default.
  private var declared: Set<DeclarationKey>?

  /// No values: every flag off, every option at its default, every argument absent.
  public init() {}

  /// Whether the flag was given.
  public subscript(flag: Flag) -> Bool {
    let key = checked(flag.declaration.key, flag.declaration.label)
    return flags.contains(key)
  }

  /// The option's value: the one typed (every one, for a repeating option), else its default.
  public subscript<Value>(option: Option<Value>) -> Value {
    typed(option) ?? option.defaultValue
  }

  /// The option's value as typed, or `nil` when it was not given (the default not applied).
  public func typed<Value>(_ option: Option<Value>) -> Value? {
    let key = checked(option.declaration.key, option.declaration.label)
    // Only this declaration's own conversion stores under its key, so the cast holds.
    return options[key].flatMap { $0 as? Value }
  }

  /// The required option's value, or `nil` in values made without parsing (the parser
  /// refuses a command line without it).
  public subscript<Value>(option: RequiredOption<Value>) -> Value? {
    let key = checked(option.declaration.key, option.declaration.label)
    return options[key].flatMap { $0 as? Value }
  }

  /// The argument's value (the first, for a repeating one), or `nil` when it was not given.
  public subscript<Value>(argument: Argument<Value>) -> Value? {
    all(argument).first
  }

  /// Every value of a repeating argument, in order typed.
  public func all<Value>(_ argument: Argument<Value>) -> [Value] {
    let key = checked(argument.declaration.key, argument.declaration.label)
    return (arguments[key] ?? []).compactMap { $0 as? Value }
  }

  /// Records one occurrence of `option`: a flag turned on, or `text` added to its value.
  mutating func record(_ option: OptionDeclaration, _ text: String?) throws(InvalidValue) {
    guard let text, let fold = option.fold else {
      flags.insert(option.key)
      return
    }
    options[option.key] = try fold(text, options[option.key])
  }

  /// Whether the option was given.
  func contains(_ option: OptionDeclaration) -> Bool {
    flags.contains(option.key) || options[option.key] != nil
  }

  mutating func append(_ argument: ArgumentDeclaration, _ value: any Sendable) {
    arguments[argument.key, default: []].append(value)
  }

  /// Limits reading to the declarations of the command parsed.
  mutating func declare(options: [OptionDeclaration], arguments: [ArgumentDeclaration]) {
    declared = Set(options.map(\.key) + arguments.map(\.key))
  }

  /// The key, once it is known to belong to the command parsed: reading a declaration the
  /// command does not list is a mistake in the program, caught by any test that runs it.
  private func checked(_ key: DeclarationKey, _ label: String) -> DeclarationKey {
    assert(declared?.contains(key) ?? true, "\(label) is not declared by the command parsed")
    return key
  }
}
