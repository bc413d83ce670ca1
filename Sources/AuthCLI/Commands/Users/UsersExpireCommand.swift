import AuthCore
import CommandLineKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `authcli users expire`: the day an account stops signing in, as `chage -E` sets it, or
/// `--never`. From the start of that day (UTC) sign-in, `verify` and `verify --pam` refuse
/// the right password exactly as they refuse a locked account's.
@MainActor
struct UsersExpireCommand {
  let context: CommandContext

  func run(_ username: String) async throws {
    let day = context.values[Self.on]
    let never = context.values[Self.never]
    guard (day != nil) != never else {
      throw context.usageError(
        day == nil
          ? "Give the day with '--on <date>', or '--never'" : "Give '--on' or '--never', not both")
    }
    let root = try context.operatorRoot()
    let expiresAt = day?.start
    let change = try await root.services.accounts.setExpiry(named: username, to: expiresAt)
    let expired = expiresAt.map { Date() >= $0 } ?? false
    try context.print(
      AccountExpirySet(
        username: change.user.username, expiresAt: expiresAt, expired: expired,
        endedSessions: change.endedSessions))
  }
}

extension UsersExpireCommand {
  static let on = Option<CalendarDay?>(
    "on", valueName: "date",
    help: "The day it expires, YYYY-MM-DD: refused from its start, 00:00 UTC (as chage -E).",
    transform: { text throws(InvalidValue) in
      guard let day = CalendarDay(parsing: text) else {
        throw InvalidValue("use a date from 1970-01-01 to 9999-12-31 written YYYY-MM-DD")
      }
      return day
    })
  static let never = Flag("never", help: "Remove the expiry: the account never expires.")

  static let declaration = Subcommand(
    "expire", abstract: "Set the day an account expires (--on DATE), or --never.",
    discussion: """
      From the start of that day, 00:00 UTC, sign-in, verify and verify --pam refuse the
      right password as they refuse a locked account's, audited with the reason "expired";
      as with chage -E, the day named is the first refused. A day already come also ends
      the account's sessions; otherwise they run to their own expiry. Exactly one of --on
      and --never.
      """,
    arguments: [UserAdministrationCommand.username], options: [on, never]
  ) { context in
    try await UsersExpireCommand(context: context).run(
      context.required(UserAdministrationCommand.username))
  }
}

/// `users expire`.
struct AccountExpirySet: JSONOutput, CommandOutput {
  let username: String
  /// The first moment refused; `null` when the account never expires.
  let expiresAt: Date?
  /// Whether that moment has come.
  let expired: Bool
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case endedSessions = "ended_sessions", expired, expiresAt = "expires_at", username
  }

  func text(style: Style) -> String {
    let shown = TerminalText.visible(username)
    guard let expiresAt else { return "Account \(shown) never expires." }
    let day = CalendarDay(containing: expiresAt)
    return expired
      ? "Account \(shown) expired on \(day); "
        + "\(counted(endedSessions, "session")) ended."
      : "Account \(shown) expires on \(day) (refused from 00:00 UTC that day)."
  }
}
