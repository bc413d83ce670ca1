import AuthCore
import CommandLineKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `authcli audit`: the audit trail, newest first, as a table or JSON.
@MainActor
struct AuditCommand {
  let context: CommandContext

  /// How many events are shown when `--limit` is not given.
  static let defaultLimit = 50

  func run() async throws {
    let root = try context.operatorRoot()
    let kinds = Set(context.values[Self.kind])
    let query = AuditQuery(
      username: context.values[Self.user], kinds: kinds.isEmpty ? nil : kinds,
      since: context.values[Self.since]?.resolve(now: Date()), limit: context.values[Self.limit])
    let events = try await root.services.auditTrail.events(query)
    try context.print(events.map(AuditEntry.init))
  }
}

/// `audit`: one event.
struct AuditEntry: JSONOutput, TableRecord {
  let id: Int64
  let occurredAt: Date
  /// Deprecated: `occurred_at` (every time is a `…_at` key); removed in the next release.
  let time: Date?
  let kind: String
  let username: String?
  let userID: Int64?
  let detail: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case detail, id, kind, occurredAt = "occurred_at", time, userID = "user_id", username
  }

  static let deprecatedKeys: [CodingKeys: String] = [.time: "`occurred_at`"]

  init(_ event: AuthEvent) {
    id = event.id
    occurredAt = event.draft.time
    time = event.draft.time
    kind = event.draft.kind.rawValue
    username = event.draft.username
    userID = event.draft.userID?.rawValue
    detail = event.draft.detail
  }

  static let headers = [Timestamp.header("TIME"), "KIND", "USER", "DETAIL"]
  static let emptyListText: String? = "No events."

  var cells: [String] { [Timestamp.inColumn(occurredAt), kind, username ?? "", detail] }
}

/// A point in time typed on the command line: absolute, or a span before now.
enum TimeSpecification: Hashable, Sendable {
  /// `2026-12-01` (midnight UTC) or `2026-12-01T10:00:00Z`.
  case absolute(Date)
  /// `90s`, `30m`, `12h`, `7d`: that long before the command runs.
  case ago(TimeInterval)

  /// The time meant, for a command that runs at `now`.
  func resolve(now: Date) -> Date {
    switch self {
    case .absolute(let date): date
    case .ago(let span): now.addingTimeInterval(-span)
    }
  }

  /// `7d`, `12h`, `30m`, `90s`; `2026-12-01`; `2026-12-01T10:00:00Z` (or with an offset).
  init?(_ text: String) {
    if let unit = text.last, let seconds = Self.unitSeconds[unit], let count = Int(text.dropLast()),
      count >= 0, count <= 100 * 365 * 86_400 / seconds
    {
      self = .ago(TimeInterval(count * seconds))
    } else if text.count == 10, let midnight = Timestamp.parse(iso8601: "\(text)T00:00:00Z") {
      self = .absolute(midnight)
    } else if let date = Timestamp.parse(iso8601: text) {
      self = .absolute(date)
    } else {
      return nil
    }
  }

  private static let unitSeconds: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
}

extension AuditCommand {
  static let user = Option<String?>(
    "user", valueName: "name",
    help: "Only events of the account with this name, under any name it had; with no such "
      + "account, events recorded under the name that belong to no account.")
  static let kind = Option<[AuthEventKind]>(
    repeating: "kind", valueName: "kind", help: "Only events of this kind; repeat for several.")
  static let since = Option<TimeSpecification?>(
    "since", valueName: "time",
    help: "Only events at or after a time: 2026-12-01, 2026-12-01T10:00:00Z, or a span back "
      + "from now such as 90s, 30m, 12h, 7d."
  ) { text throws(InvalidValue) in
    guard let time = TimeSpecification(text) else {
      throw InvalidValue(
        "use 2026-12-01, 2026-12-01T10:00:00Z, or a span such as 90s, 30m, 12h, 7d")
    }
    return time
  }
  static let limit = Option<Int>(
    "limit", valueName: "n", help: "At most this many events, the newest.",
    default: defaultLimit
  ) { text throws(InvalidValue) in
    guard let number = Int(text), number > 0 else { throw InvalidValue("use a positive number") }
    return number
  }

  static let declaration: Subcommand = Subcommand(
    "audit", abstract: "Show the audit trail, newest first.",
    discussion: "The details never hold a password, token or hash.",
    options: [user, kind, since, limit]
  ) { context in
    try await AuditCommand(context: context).run()
  }
}
