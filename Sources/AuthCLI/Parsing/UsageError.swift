/// A command line that cannot be run as typed (exit 64).
struct UsageError: Error, Hashable, Sendable {
  /// What is wrong, in words for the user.
  let message: String
  /// The subcommand whose help would explain the fix, or `nil` for the root help.
  let subcommand: SubcommandName?

  /// Describes a usage error and where its help lives.
  init(_ message: String, subcommand: SubcommandName? = nil) {
    self.message = message
    self.subcommand = subcommand
  }

  /// The hint printed after the message: `See 'authcli signup --help'.`
  var hint: String {
    if let subcommand { return "See 'authcli \(subcommand.rawValue) --help'." }
    return "See 'authcli --help'."
  }
}
