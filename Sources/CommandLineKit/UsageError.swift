/// A command line that cannot be run as typed.
public struct UsageError: Error, Hashable, Sendable {
  /// What is wrong, in words for the user.
  public let message: String
  /// The program and subcommand words whose help explains the fix: `["authcli", "signin"]`.
  public let commandPath: [String]
  /// What to type instead, when the parser can tell: `Did you mean 'signin'?`.
  public let suggestion: String?

  /// Describes a usage error, what to type instead (if known) and whose help would explain it.
  public init(_ message: String, commandPath: [String], suggestion: String? = nil) {
    self.message = message
    self.commandPath = commandPath
    self.suggestion = suggestion
  }

  /// The hint printed after the message: `See 'authcli signup --help'.`, after the
  /// suggestion when there is one: `Did you mean 'signup'? See 'authcli --help'.`
  public var hint: String {
    let help = "See '\(commandPath.joined(separator: " ")) --help'."
    guard let suggestion else { return help }
    return suggestion + " " + help
  }
}
