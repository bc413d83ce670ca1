/// A whole program: its root command (with every subcommand below) and its version.
/// Parsing, help pages, completion scripts and the man page come from here.
public struct ToolDeclaration<Action: Sendable>: Sendable {
  /// The program's own command; its options are accepted by every subcommand.
  public let root: CommandDeclaration<Action>
  /// Whether `-V`/`--version` is accepted (anywhere on the line) and listed on the root page.
  public let hasVersion: Bool
  /// Options no command accepts, each refused with its own reason wherever it is typed.
  public let refusedOptions: [RefusedOption]

  /// Declares a program. A command that accepts two options of the same name (or short
  /// form), or one that is refused, stops the program the first time a command line naming
  /// it is parsed, with the `DuplicateOption` that `init(checking:hasVersion:refusing:)`
  /// would throw; that initialiser checks every command at once.
  public init(
    root: CommandDeclaration<Action>, hasVersion: Bool,
    refusing refusedOptions: [RefusedOption] = []
  ) {
    self.root = root
    self.hasVersion = hasVersion
    self.refusedOptions = refusedOptions
  }

  /// Declares a program, refusing a command that accepts two options of the same name or
  /// short form (its own, the global ones, `--help`, `-h`, `--version` and `-V` together),
  /// or the form of a refused option: the parser would only ever find the first. Every
  /// subcommand is declared to check it.
  public init(
    checking root: CommandDeclaration<Action>, hasVersion: Bool,
    refusing refusedOptions: [RefusedOption] = []
  ) throws(DuplicateOption) {
    self.init(root: root, hasVersion: hasVersion, refusing: refusedOptions)
    for path in allPaths() {
      if let duplicate = duplicate(along: path) { throw duplicate }
    }
  }

  /// The first form that the last command of `path` accepts twice, if any.
  func duplicate(along path: [CommandDeclaration<Action>]) -> DuplicateOption? {
    var seen = refusedOptions.flatMap(\.forms)
    let accepted =
      Self.options(along: path) + [Self.helpOption] + (hasVersion ? [Self.versionOption] : [])
    for option in accepted {
      for form in option.forms {
        if seen.contains(form) { return DuplicateOption(form: form, commandPath: path.map(\.name)) }
        seen.append(form)
      }
    }
    return nil
  }

  /// The program's name, as typed.
  public var name: String { root.name }

  /// The commands named by `words` below the root (`["sessions", "revoke"]`), root first;
  /// `nil` when a word names no subcommand.
  public func path(to words: [String]) -> [CommandDeclaration<Action>]? {
    var path = [root]
    for word in words {
      guard let next = path[path.count - 1].subcommand(named: word) else { return nil }
      path.append(next)
    }
    return path
  }

  /// Every command, root first, each with the path that leads to it.
  func allPaths() -> [[CommandDeclaration<Action>]] {
    var result: [[CommandDeclaration<Action>]] = []
    func visit(_ path: [CommandDeclaration<Action>]) {
      result.append(path)
      for child in path[path.count - 1].subcommands { visit(path + [child]) }
    }
    visit([root])
    return result
  }

  /// The options a command accepts: its own, then the root's (the global ones).
  static func options(along path: [CommandDeclaration<Action>]) -> [OptionDeclaration] {
    guard let command = path.last, let root = path.first else { return [] }
    return path.count == 1 ? root.options : command.options + root.options
  }

  /// The built-in help flag every command accepts.
  static var helpOption: OptionDeclaration {
    Flag("help", short: "h", help: "Show help information.").declaration
  }

  /// The built-in version flag.
  static var versionOption: OptionDeclaration {
    Flag("version", short: "V", help: "Show the version.").declaration
  }

  /// The refused option that `token` types, if any: `--password`, `--password=…`, `-p`,
  /// or `-p…` with the value stuck to the letter.
  func refusal(of token: String) -> RefusedOption? {
    refusedOptions.first { $0.matches(token) }
  }
}

/// An option a program refuses wherever it is typed, with the reason and what to do
/// instead: a password typed as `--password` is seen by every user of the machine in the
/// process list, and kept in the shell's history.
public struct RefusedOption: Hashable, Sendable {
  /// The long names without dashes: `password` for `--password`.
  public let names: [String]
  /// The one-letter forms without their dash: `p` for `-p`.
  public let shortNames: [Character]
  /// Why it is refused, the error's message.
  public let message: String
  /// What to type instead, the first sentence of the error's hint.
  public let instead: String

  /// Refuses `--name`, `--name=…`, `-s` and `-s…` for each name and short name given.
  public init(names: [String], shortNames: [Character] = [], message: String, instead: String) {
    self.names = names
    self.shortNames = shortNames
    self.message = message
    self.instead = instead
  }

  /// `--password` and `-p`.
  var forms: [String] { names.map { "--" + $0 } + shortNames.map { "-" + String($0) } }

  /// Whether `token` types this option, with or without a value in the same word; never
  /// the value itself, which the error must not repeat.
  func matches(_ token: String) -> Bool {
    if token.hasPrefix("--") {
      let name = token.dropFirst(2).prefix { $0 != "=" }
      return names.contains(String(name))
    }
    guard token.hasPrefix("-"), let letter = token.dropFirst().first else { return false }
    return shortNames.contains(letter)
  }
}

/// Two options of one command declared with the same name or short form.
public struct DuplicateOption: Error, Hashable, Sendable, CustomStringConvertible {
  /// The form declared twice: `--json` or `-r`.
  public let form: String
  /// The program and subcommand words of the command that accepts both.
  public let commandPath: [String]

  /// `The option '--json' is declared twice for 'authcli signin'`.
  public var description: String {
    "The option '\(form)' is declared twice for '\(commandPath.joined(separator: " "))'"
  }
}
