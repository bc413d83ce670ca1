import AuthCore
import CommandLineKit

/// `authcli users rename`: a new name under the username rules; the account keeps
/// its sessions, second factor and audit trail, and its sign-in throttle follows it.
@MainActor
struct UsersRenameCommand {
  let context: CommandContext

  func run(old: String, new: String) async throws {
    let root = try context.operatorRoot()
    let result = try await root.services.accountRename.renameAccount(named: old, to: new)
    guard case .valid(let user) = result else {
      throw FieldRefusals.error([FieldError("username", result)])
    }
    let previous = Username.canonicalize(old)
    try context.print(AccountRenamed(username: user.username, previousUsername: previous))
  }
}

extension UsersRenameCommand {
  static let old = Argument<String>("old", help: "The account's current username.")
  static let new = Argument<String>("new", help: "Its new username (the sign-up rules).")

  static let declaration = Subcommand(
    "rename", abstract: "Give an account a new username; sessions and history stay.",
    arguments: [old, new]
  ) { context in
    try await UsersRenameCommand(context: context).run(
      old: context.required(old), new: context.required(new))
  }
}
