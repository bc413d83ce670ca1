/// Options and arguments whose values are the cases of a `CaseIterable` enum with `String`
/// raw values: each case's raw value is a word the parser accepts, help and the man page
/// show and the shells complete, so a new case needs no other change.
enum CaseChoices<Value: CaseIterable & RawRepresentable & Sendable>
where Value.RawValue == String {
  /// The words, in the order of the cases.
  static var words: [String] { Value.allCases.map(\.rawValue) }

  /// The case typed as `text`, or `use one of a, b, c`.
  @Sendable static func parse(_ text: String) throws(InvalidValue) -> Value {
    guard let value = Value(rawValue: text) else {
      throw InvalidValue.notOneOf(words, typed: text)
    }
    return value
  }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
  /// Declares `--name <valueName>` that takes one of the cases, `defaultValue` when not
  /// given.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    default defaultValue: Value
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, default: defaultValue,
      shownDefault: defaultValue.rawValue, completion: .words(CaseChoices<Value>.words),
      transform: CaseChoices<Value>.parse)
  }
}

extension Option {
  /// Declares `--name <valueName>` that takes one of the cases, `nil` when not given.
  public init<Choice: CaseIterable & RawRepresentable & Sendable>(
    _ name: String, short: Character? = nil, valueName: String, help: String
  ) where Value == Choice?, Choice.RawValue == String {
    self.init(
      name, short: short, valueName: valueName, help: help,
      completion: .words(CaseChoices<Choice>.words), transform: CaseChoices<Choice>.parse)
  }

  /// Declares `--name <valueName>` that takes one of the cases, any number of times.
  public init<Choice: CaseIterable & RawRepresentable & Sendable>(
    repeating name: String, short: Character? = nil, valueName: String, help: String
  ) where Value == [Choice], Choice.RawValue == String {
    self.init(
      repeating: name, short: short, valueName: valueName, help: help,
      completion: .words(CaseChoices<Choice>.words), transform: CaseChoices<Choice>.parse)
  }
}

extension RequiredOption where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
  /// Declares a required `--name <valueName>` that takes one of the cases.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    missingMessage: String? = nil
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, missingMessage: missingMessage,
      completion: .words(CaseChoices<Value>.words), transform: CaseChoices<Value>.parse)
  }
}

extension Argument where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
  /// Declares `<valueName>` that takes one of the cases.
  public init(_ valueName: String, help: String, isOptional: Bool = false) {
    self.init(
      valueName, help: help, isOptional: isOptional,
      completion: .words(CaseChoices<Value>.words), transform: CaseChoices<Value>.parse)
  }
}
