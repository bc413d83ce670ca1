import AuthCore
import CommandLineKit

/// The layouts `groups import` reads.
enum GroupFileFormat: String, CaseIterable, Sendable {
  /// Apache's group file (`AuthGroupFile`): `group: user user …`.
  case htgroup
}

/// `authcli groups import`: the memberships of an Apache group file, all or nothing.
@MainActor
struct GroupsImportCommand {
  let context: CommandContext

  func run() async throws {
    _ = try context.required(Self.format)
    let path = try context.required(Self.file)
    let dryRun = context.values[Self.dryRun]
    let location = try context.lastingDatabaseLocation()
    let lines = try ImportedLines.read(path, input: context.console.input)
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment)
    let report = try await root.services.groups.importGroups(htgroup: lines, dryRun: dryRun)
    guard report.refused.isEmpty else {
      throw ErrorReport.importRefused(
        report.refused.map { "line \($0.line): " + TerminalText.visible($0.reason) },
        dryRun: dryRun,
        hint: "Correct the lines (add the missing accounts first) and import the file again.")
    }
    for group in report.groups where !group.alreadyMembers.isEmpty {
      context.note(
        "\(TerminalText.visible(group.name.canonical)): \(GroupsCommand.names(group.alreadyMembers))"
          + " already in it")
    }
    try context.print(GroupsImported(report, dryRun: dryRun))
  }
}

extension GroupsImportCommand {
  static let format = ImportedLines.formatOption(GroupFileFormat.self)
  static let dryRun = Flag("dry-run", help: "Report what would be added; write nothing.")
  static let file = ImportedLines.file

  static let declaration = Subcommand(
    "import", abstract: "Add the memberships of an Apache group file (group: user user ...).",
    discussion: """
      Each line names a group, a colon, and its members apart by spaces; blank lines and
      lines starting with '#' are skipped, and a group on several lines gets them all.
      Memberships are added; none is removed. All or nothing: a line without a colon, a
      group name the rules refuse or a member with no account is named by number, and
      nothing is imported (exit 65).
      """,
    arguments: [file], options: [format, dryRun]
  ) { context in
    try await GroupsImportCommand(context: context).run()
  }
}
