/// How a shell completes a value: an option's value or a positional argument.
public enum ValueCompletion: Hashable, Sendable {
  /// Nothing to offer; the user types the value.
  case none
  /// File and folder names.
  case files
  /// Folder names only.
  case directories
  /// One of a fixed list of words, the only values accepted: help pages and the man page
  /// list them after the help text.
  case words([String])
  /// The names of the program's subcommands, then `extra` words (for help topics).
  case subcommandNames(extra: [String])
}

/// Why a typed value was refused; the parser adds the value and the option or argument.
public struct InvalidValue: Error, Hashable, Sendable {
  /// What a valid value looks like, for the user: `use a number from 1 to 6`.
  public let reason: String
  /// The value probably meant, for a word from a fixed list: `Did you mean 'shadow'?`.
  public let suggestion: String?

  /// Describes what a valid value looks like, and the value probably meant, if any.
  public init(_ reason: String, suggestion: String? = nil) {
    self.reason = reason
    self.suggestion = suggestion
  }

  /// The refusal of a word that is not one of `words`, with the closest of them, if any.
  static func notOneOf(_ words: [String], typed: String) -> InvalidValue {
    InvalidValue(
      "use one of " + words.joined(separator: ", "),
      suggestion: Suggestions.sentence(for: Suggestions.closest(to: typed, among: words)))
  }
}

/// The identity of one declaration: values are stored and read under it, so a command
/// reads exactly the option or argument it declared, never another one that shares its name.
final class DeclarationKey: Hashable, Sendable {
  static func == (left: DeclarationKey, right: DeclarationKey) -> Bool { left === right }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One option of a command, as help, parsing, completions and the man page see it.
public struct OptionDeclaration: Sendable {
  /// The long name without dashes: `db` for `--db`.
  public let name: String
  /// The one-letter form without its dash, if any: `r` for `-r`.
  public let shortName: Character?
  /// The placeholder of the value (`path` for `--db <path>`), or `nil` for a flag.
  public let valueName: String?
  /// One or more sentences for the help page.
  public let help: String
  /// How the value used when the option is not given is shown: `(default: …)`.
  public let defaultValue: String?
  /// What a shell offers for the value.
  public let completion: ValueCompletion
  /// Whether every value typed counts (`--kind a --kind b`), not only the last.
  public let isRepeating: Bool
  /// Whether the command refuses to run without it; its usage label has no brackets.
  public let isRequired: Bool
  /// The usage error when a required option is missing.
  let missingMessage: String
  /// The declaration the parsed value is stored under.
  let key: DeclarationKey
  /// Adds one typed text to the value so far (`nil` before the first); flags have none.
  let fold: (@Sendable (String, (any Sendable)?) throws(InvalidValue) -> any Sendable)?

  init(
    name: String, shortName: Character?, valueName: String?, help: String,
    defaultValue: String?, completion: ValueCompletion, isRepeating: Bool,
    isRequired: Bool = false, missingMessage: String? = nil,
    fold: (@Sendable (String, (any Sendable)?) throws(InvalidValue) -> any Sendable)?
  ) {
    self.name = name
    self.shortName = shortName
    self.valueName = valueName
    self.help = help
    self.defaultValue = defaultValue
    self.completion = completion
    self.isRepeating = isRepeating
    self.isRequired = isRequired
    self.key = DeclarationKey()
    self.fold = fold
    let label = valueName.map { "--\(name) <\($0)>" } ?? "--" + name
    self.missingMessage = missingMessage ?? "Missing expected option '\(label)'"
  }

  /// Whether the option reads a value (`--db PATH` or `--db=PATH`).
  public var takesValue: Bool { valueName != nil }

  /// `--db` for `db`.
  public var longForm: String { "--" + name }

  /// How a usage line shows the option: `[--db <path>]`, `[--kind <kind> ...]`, and a
  /// required one without brackets: `--format <format>`.
  public var usageLabel: String {
    let shown = label + (isRepeating ? " ..." : "")
    return isRequired ? shown : "[" + shown + "]"
  }

  /// How errors name the option: `--db <path>`, `--json`.
  public var label: String {
    guard let valueName else { return longForm }
    return longForm + " <" + valueName + ">"
  }

  /// How help pages name the option: `-r, --repetitions <n>`.
  public var helpLabel: String {
    guard let shortName else { return label }
    return "-" + String(shortName) + ", " + label
  }
}

/// A positional argument of a command.
public struct ArgumentDeclaration: Sendable {
  /// The placeholder: `id` for `<id>`.
  public let valueName: String
  /// One or more sentences for the help page.
  public let help: String
  /// Whether the command runs without it.
  public let isOptional: Bool
  /// Whether it takes every remaining word (only the last argument may).
  public let isRepeating: Bool
  /// What a shell offers for it.
  public let completion: ValueCompletion
  /// The declaration the parsed values are stored under.
  let key: DeclarationKey
  let convert: @Sendable (String) throws(InvalidValue) -> any Sendable

  /// `<id>`, as help and errors show it.
  public var label: String { "<" + valueName + ">" }

  /// `<id>`, `[<id>]` or `[<topic> ...]`, as a usage line shows it.
  public var usageLabel: String {
    let repeated = isRepeating ? label + " ..." : label
    return isOptional ? "[" + repeated + "]" : repeated
  }
}

/// Something a command lists among its options.
public protocol DeclaredOption: Sendable {
  /// The option as help, parsing and completions see it.
  var declaration: OptionDeclaration { get }
}

/// Something a command lists among its positional arguments.
public protocol DeclaredArgument: Sendable {
  /// The argument as help, parsing and completions see it.
  var declaration: ArgumentDeclaration { get }
}

/// An option without a value: `--json`. A command reads it as `values[flag]`.
public struct Flag: DeclaredOption {
  /// The option as help, parsing and completions see it.
  public let declaration: OptionDeclaration

  /// Declares `--name` (and `-s` when `short` is given). A required flag states on every
  /// command line what the command does (`--token-stdin`); without it the command stops
  /// with `missingMessage`, else with "Missing expected option".
  public init(
    _ name: String, short: Character? = nil, help: String, isRequired: Bool = false,
    missingMessage: String? = nil
  ) {
    declaration = OptionDeclaration(
      name: name, shortName: short, valueName: nil, help: help, defaultValue: nil,
      completion: .none, isRepeating: false, isRequired: isRequired,
      missingMessage: missingMessage, fold: nil)
  }
}

/// An option with a value, declared once with its type and its default: `--db <path>`.
///
/// A command reads it as `values[option]`, a `Value`: the value typed (converted), else the
/// default. `Option<Int>(…, default: 50)` reads as an `Int`; `Option<String?>` has no
/// default and reads `nil` when not given; `Option<[Kind]>(repeating: …)` collects every
/// value typed, in order.
public struct Option<Value: Sendable>: DeclaredOption {
  /// The option as help, parsing and completions see it.
  public let declaration: OptionDeclaration
  /// What a command reads when the option is not given.
  public let defaultValue: Value

  private init(
    name: String, short: Character?, valueName: String, help: String, shownDefault: String?,
    completion: ValueCompletion, isRepeating: Bool, defaultValue: Value,
    fold: @escaping @Sendable (String, Value?) throws(InvalidValue) -> Value
  ) {
    self.defaultValue = defaultValue
    declaration = OptionDeclaration(
      name: name, shortName: short, valueName: valueName, help: help,
      defaultValue: shownDefault, completion: completion, isRepeating: isRepeating,
      fold: { text, previous throws(InvalidValue) in try fold(text, previous as? Value) })
  }

  /// Declares `--name <valueName>` that reads `defaultValue` when not given; the help
  /// shows it as `(default: …)`, written as `shownDefault` when that reads better.
  /// `transform` refuses a value with `InvalidValue`.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    default defaultValue: Value, shownDefault: String? = nil,
    completion: ValueCompletion = .none,
    transform: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) {
    self.init(
      name: name, short: short, valueName: valueName, help: help,
      shownDefault: shownDefault ?? String(describing: defaultValue), completion: completion,
      isRepeating: false, defaultValue: defaultValue,
      fold: { text, _ throws(InvalidValue) in try transform(text) })
  }

  /// Declares `--name <valueName>` that reads `nil` when not given (the help shows
  /// `shownDefault`, if any, as what the command then does). `transform` refuses a value
  /// with `InvalidValue`.
  public init<Wrapped: Sendable>(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    shownDefault: String? = nil, completion: ValueCompletion = .none,
    transform: @escaping @Sendable (String) throws(InvalidValue) -> Wrapped
  ) where Value == Wrapped? {
    self.init(
      name: name, short: short, valueName: valueName, help: help, shownDefault: shownDefault,
      completion: completion, isRepeating: false, defaultValue: nil,
      fold: { text, _ throws(InvalidValue) in try transform(text) })
  }

  /// Declares `--name <valueName>` that may be typed any number of times; it reads every
  /// value typed, in order (none when not given).
  public init<Element: Sendable>(
    repeating name: String, short: Character? = nil, valueName: String, help: String,
    completion: ValueCompletion = .none,
    transform: @escaping @Sendable (String) throws(InvalidValue) -> Element
  ) where Value == [Element] {
    self.init(
      name: name, short: short, valueName: valueName, help: help, shownDefault: nil,
      completion: completion, isRepeating: true, defaultValue: [],
      fold: { text, previous throws(InvalidValue) in (previous ?? []) + [try transform(text)] })
  }
}

/// An option the command cannot run without, declared once with its type: `--format
/// <format>`. Its usage label has no brackets, and the parser refuses a command line
/// without it (with `missingMessage`, else "Missing expected option '--format <format>'"),
/// so a command reads it as `context.required(option)`, already converted.
public struct RequiredOption<Value: Sendable>: DeclaredOption {
  /// The option as help, parsing and completions see it.
  public let declaration: OptionDeclaration

  /// Declares `--name <valueName>`; `transform` refuses a value with `InvalidValue`.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    missingMessage: String? = nil, completion: ValueCompletion = .none,
    transform: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) {
    declaration = OptionDeclaration(
      name: name, shortName: short, valueName: valueName, help: help, defaultValue: nil,
      completion: completion, isRepeating: false, isRequired: true,
      missingMessage: missingMessage,
      fold: { text, _ throws(InvalidValue) in try transform(text) })
  }
}

extension Option where Value == String? {
  /// Declares `--name <valueName>` whose value is the text as typed, `nil` when not given.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    shownDefault: String? = nil, completion: ValueCompletion = .none
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, shownDefault: shownDefault,
      completion: completion, transform: { $0 })
  }

  /// Declares `--name <valueName>` that accepts only one of `choices`, completed from them.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    choices: [String]
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, completion: .words(choices),
      transform: OptionChoices.check(choices))
  }
}

extension Option where Value == String {
  /// Declares `--name <valueName>` whose value is the text as typed, `defaultValue` when not
  /// given.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    default defaultValue: String, completion: ValueCompletion = .none
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, default: defaultValue,
      completion: completion, transform: { $0 })
  }

  /// Declares `--name <valueName>` that accepts only one of `choices`, completed from them,
  /// and reads `defaultValue` when not given.
  public init(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    default defaultValue: String, choices: [String]
  ) {
    self.init(
      name, short: short, valueName: valueName, help: help, default: defaultValue,
      completion: .words(choices), transform: OptionChoices.check(choices))
  }
}

/// The check of an option that takes one of a fixed list of words.
private enum OptionChoices {
  static func check(
    _ choices: [String]
  ) -> @Sendable (String) throws(InvalidValue) -> String {
    { text throws(InvalidValue) in
      guard choices.contains(text) else { throw InvalidValue.notOneOf(choices, typed: text) }
      return text
    }
  }
}

/// A positional argument. A command reads it as `values[argument]` (or `values.all(_:)`
/// for a repeating one), already converted.
public struct Argument<Value: Sendable>: DeclaredArgument {
  /// The argument as help, parsing and completions see it.
  public let declaration: ArgumentDeclaration

  /// Declares `<valueName>`; `transform` refuses a value with `InvalidValue`.
  public init(
    _ valueName: String, help: String, isOptional: Bool = false, isRepeating: Bool = false,
    completion: ValueCompletion = .none,
    transform: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) {
    declaration = ArgumentDeclaration(
      valueName: valueName, help: help, isOptional: isOptional, isRepeating: isRepeating,
      completion: completion, key: DeclarationKey(),
      convert: { text throws(InvalidValue) in try transform(text) })
  }
}

extension Argument where Value == String {
  /// Declares `<valueName>` whose value is the word as typed.
  public init(
    _ valueName: String, help: String, isOptional: Bool = false, isRepeating: Bool = false,
    completion: ValueCompletion = .none
  ) {
    self.init(
      valueName, help: help, isOptional: isOptional, isRepeating: isRepeating,
      completion: completion, transform: { $0 })
  }
}

/// One command or subcommand, declared once: parsing, help pages, usage errors, shell
/// completions and the man page are all derived from it.
///
/// The root's options are global: every subcommand accepts them (and its help lists them
/// after its own). Any other command's options are its own. `Action` is what the program
/// runs for it.
public struct CommandDeclaration<Action: Sendable>: Sendable {
  /// The word typed: `signup`, or the program's name for the root.
  public let name: String
  /// One line for the overview and the parent's list of subcommands.
  public let abstract: String
  /// Positional arguments, in order.
  public let arguments: [ArgumentDeclaration]
  /// The command's own options (for the root: the options every command accepts).
  public let options: [OptionDeclaration]
  /// What runs; `nil` for a group that only holds subcommands.
  public let action: Action?
  private let writeDiscussion: @Sendable () -> String?
  private let named: [NamedSubcommand<Action>]

  /// Declares a command.
  public init(
    _ name: String, abstract: String, discussion: String? = nil,
    arguments: [any DeclaredArgument] = [], options: [any DeclaredOption] = [],
    subcommands: [CommandDeclaration] = [], action: Action? = nil
  ) {
    self.init(
      name, abstract: abstract, discussion: { discussion }, arguments: arguments,
      options: options,
      subcommands: subcommands.map { command in NamedSubcommand(command.name) { command } },
      action: action)
  }

  /// Declares a command whose subcommands are named now and declared the first time a
  /// command line, a page or a script needs them, and whose discussion is written when a
  /// page shows it: a program's start then builds only the commands on the line it runs.
  public init(
    _ name: String, abstract: String, discussion: @escaping @Sendable () -> String?,
    arguments: [any DeclaredArgument] = [], options: [any DeclaredOption] = [],
    subcommands: [NamedSubcommand<Action>], action: Action? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.writeDiscussion = discussion
    self.arguments = arguments.map(\.declaration)
    self.options = options.map(\.declaration)
    self.named = subcommands
    self.action = action
  }

  /// Paragraphs after the usage; lines that start with two spaces are kept as typed.
  public var discussion: String? { writeDiscussion() }

  /// The subcommands, in the order help lists them.
  public var subcommands: [CommandDeclaration] { named.map { $0.declaration() } }

  /// The subcommands' names, in the same order, without declaring them.
  public var subcommandNames: [String] { named.map(\.name) }

  /// The subcommand typed as `word`, if any; no other is declared to find it.
  public func subcommand(named word: String) -> CommandDeclaration? {
    named.first { $0.name == word }?.declaration()
  }

  /// Every option declared here or in any subcommand below, depth first.
  var optionsBelow: [OptionDeclaration] {
    subcommands.flatMap { $0.options + $0.optionsBelow }
  }
}

/// A subcommand named ahead of its declaration, which `declare` builds (or returns, once
/// built) when it is needed.
public struct NamedSubcommand<Action: Sendable>: Sendable {
  /// The word typed; the declaration must have the same name.
  public let name: String
  private let declare: @Sendable () -> CommandDeclaration<Action>

  /// Names the subcommand `declare` returns.
  public init(
    _ name: String, declaredBy declare: @escaping @Sendable () -> CommandDeclaration<Action>
  ) {
    self.name = name
    self.declare = declare
  }

  /// The declaration; a name other than the one listed is a mistake in the program, which
  /// stops it as a duplicate option does.
  func declaration() -> CommandDeclaration<Action> {
    let command = declare()
    precondition(
      command.name == name, "The subcommand '\(name)' is declared as '\(command.name)'")
    return command
  }
}
