/// A whole program: its root command (with every subcommand below) and its version.
/// Parsing, help pages, completion scripts and the man page come from here.
public struct ToolDeclaration<Action: Sendable>: Sendable {
  /// The program's own command; its options are accepted by every subcommand.
  public let root: CommandDeclaration<Action>
  /// Whether `--version` is accepted (anywhere on the line) and listed on the root page.
  public let hasVersion: Bool

  /// Declares a program.
  public init(root: CommandDeclaration<Action>, hasVersion: Bool) {
    self.root = root
    self.hasVersion = hasVersion
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
