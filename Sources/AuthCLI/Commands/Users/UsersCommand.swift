import CommandLineKit

/// `authcli users list`: every account with its creation and last sign-in, never a hash.
@MainActor
struct UsersCommand {
  let context: CommandContext

  func list() throws {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, context: context)
    let users = try CompositionRoot.databaseTools(for: location).users()
    context.emit(
      json: users.map { user -> [String: Any] in
        [
          "username": user.username,
          "created_at": Timestamp.iso8601(user.createdAt),
          "last_sign_in_at": JSONText.time(user.lastSignInAt),
          "active_sessions": user.activeSessions,
          "locked": user.isLocked,
          "second_factor": user.hasSecondFactor,
        ]
      })
    guard !users.isEmpty else {
      context.show("No accounts yet.")
      return
    }
    let rows = users.map { user in
      [
        user.username, Timestamp.readable(user.createdAt),
        user.lastSignInAt.map(Timestamp.readable) ?? "never", String(user.activeSessions),
        user.isLocked ? "yes" : "no", user.hasSecondFactor ? "on" : "off",
      ]
    }
    context.show(
      TextTable(
        headers: ["USERNAME", "CREATED", "LAST SIGN-IN", "ACTIVE SESSIONS", "LOCKED", "2FA"],
        rows: rows
      ).render(style: context.outputStyle))
  }
}

extension UsersCommand {
  static let declaration: Subcommand = Subcommand(
    "users", abstract: "Administer accounts: list, add, show, delete, lock, reset passwords.",
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
      UsersRenameCommand.declaration, UsersSignInWorkCommand.declaration,
    ])
}
