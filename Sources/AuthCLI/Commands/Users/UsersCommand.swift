import CommandLineKit

/// `authcli users list`: every account with its creation and last sign-in, never a hash.
@MainActor
struct UsersCommand {
  let context: CommandContext

  func list() throws {
    let users = try context.databaseTools().users()
    let entries = users.map { user in
      UserListEntry(
        username: user.username, createdAt: user.createdAt, lastSignInAt: user.lastSignInAt,
        activeSessions: user.activeSessions, locked: user.isLocked,
        secondFactor: user.hasSecondFactor, expiresAt: user.expiresAt)
    }
    try context.print(entries)
  }
}

extension UsersCommand {
  static let declaration: Subcommand = Subcommand(
    "users",
    abstract: "Administer accounts: list, add, show, delete, lock, expire, reset passwords.",
    discussion: """
      Whoever can open the database administers it, as with htpasswd or manage.py: these
      verbs need no sign-in. Each change is recorded in the audit trail. A name with no
      account exits 65.
      """,
    subcommands: [
      Subcommand("list", abstract: "List every account.") { context in
        try UsersCommand(context: context).list()
      }
    ] + UserAdministrationCommand.verbs + [
      UsersImportCommand.declaration, UsersExportCommand.declaration,
      UsersRenameCommand.declaration, UsersExpireCommand.declaration,
      UsersSignInWorkCommand.declaration,
    ])
}
