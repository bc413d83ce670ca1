/// A command line that cannot be run as typed.
public struct UsageError: Error, Hashable, Sendable {
  /// What is wrong, in words for the user.
  public let message: String
  /// The program and subcommand words whose help explains the fix: `["authcli", "signin"]`.
  public let commandPath: [String]

  /// Describes a usage error and whose help would explain it.
  public init(_ message: String, commandPath: [String]) {
    self.message = message
    self.commandPath = commandPath
  }

  /// The hint printed after the message: `See 'authcli signup --help'.`
  public var hint: String { "See '\(commandPath.joined(separator: " ")) --help'." }
}
