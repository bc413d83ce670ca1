/// A whole program: its root command (with every subcommand below) and its version.
/// Parsing, help pages, completion scripts and the man page come from here.
public struct ToolDeclaration<Action: Sendable>: Sendable {
  /// The program's own command; its options are accepted by every subcommand.
  public let root: CommandDeclaration<Action>
  /// Whether `--version` is accepted (anywhere on the line) and listed on the root page.
  public let hasVersion: Bool

  /// Declares a program; a command that accepts two options of the same name (or short
  /// form) stops the program here, the first time the declaration is used, with the
  /// `DuplicateOption` that `init(checking:hasVersion:)` would throw.
  public init(root: CommandDeclaration<Action>, hasVersion: Bool) {
    do {
      try self.init(checking: root, hasVersion: hasVersion)
    } catch {
      preconditionFailure(error.description)
    }
  }

  /// Declares a program, refusing a command that accepts two options of the same name or
  /// short form (its own, the global ones, `--help`, `-h` and `--version` together): the
  /// parser would only ever find the first.
  public init(
    checking root: CommandDeclaration<Action>, hasVersion: Bool
  ) throws(DuplicateOption) {
    self.root = root
    self.hasVersion = hasVersion
    for path in allPaths() {
      var seen: Set<String> = []
      let accepted =
        Self.options(along: path) + [Self.helpOption] + (hasVersion ? [Self.versionOption] : [])
      for option in accepted {
        for form in option.forms where !seen.insert(form).inserted {
          throw DuplicateOption(form: form, commandPath: path.map(\.name))
        }
      }
    }
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
    Flag("version", help: "Show the version.").declaration
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
