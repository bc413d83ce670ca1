import CommandLineKit

/// The credential options several subcommands share, declared once.
enum CredentialOptions {
  /// `--username <name>`.
  static let username = Option<String?>(
    "username", short: "u", valueName: "name",
    help: "The username (3 to 32 of a-z 0-9 . _ -). Prompted for on a terminal when missing.")
  /// `--password-stdin`.
  static let passwordStandardInput = Flag(
    "password-stdin",
    help:
      "Read the password from standard input instead of prompting: one line per password you "
      + "know, never a confirmation.")
  /// `--username-stdin`, for callers that write the name and the password as two lines
  /// (Apache's mod_authnz_external `pipe` method).
  static let usernameStandardInput = Flag(
    "username-stdin",
    help:
      "Read the username from the first line of standard input, before the password (with "
      + "--password-stdin), as Apache's mod_authnz_external pipe method writes them.")
}

extension CommandContext {
  /// `--username`, when it was typed.
  var typedUsername: String? { values[CredentialOptions.username] }

  /// `--password-stdin`: each secret the user knows is the next line of standard input.
  var passwordFromStandardInput: Bool { values[CredentialOptions.passwordStandardInput] }
}
