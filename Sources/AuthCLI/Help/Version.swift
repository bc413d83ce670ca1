import CommandLineKit

/// The version `authcli --version` prints.
enum AuthCLIVersion {
  /// The one place the version is written.
  static let current = "0.1.0"

  /// Prints the version, as text or as `{"version": …}` with `--json`: what `--version`,
  /// `-V` and `authcli version` all answer.
  @MainActor
  static func print(in context: CommandContext) throws {
    try context.emit(json: Shown(version: current))
    context.show(current)
  }

  /// `authcli version`, for those who type the word rather than the option.
  @MainActor
  static let declaration: Subcommand = Subcommand(
    "version", abstract: "Show the version (the same as --version)."
  ) { context in
    try print(in: context)
  }

  /// `{"version": …}`.
  struct Shown: JSONOutput {
    let version: String

    enum CodingKeys: String, CodingKey, CaseIterable {
      case version
    }
  }
}
