#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which audit events to read: every condition given must hold.
public struct AuditQuery: Hashable, Sendable {
  /// Events recorded for this canonical username (also after the account was deleted).
  public var username: String?
  /// Events of one of these kinds; `nil` for every kind.
  public var kinds: Set<AuthEventKind>?
  /// Events at or after this time.
  public var since: Date?
  /// The most events to return (the newest ones).
  public var limit: Int

  /// Describes a query; by default the newest 100 events of every kind.
  public init(
    username: String? = nil, kinds: Set<AuthEventKind>? = nil, since: Date? = nil,
    limit: Int = 100
  ) {
    self.username = username
    self.kinds = kinds
    self.since = since
    self.limit = limit
  }
}

/// The append-only audit trail, inside a transaction.
public protocol AuditLog {
  /// Appends an event.
  func append(_ event: AuthEventDraft) throws(AuthError)
  /// The newest events first, at most `limit`.
  func recentEvents(limit: Int) throws(AuthError) -> [AuthEvent]
  /// The events the query selects, newest first (by time, then by id).
  func events(matching query: AuditQuery) throws(AuthError) -> [AuthEvent]
  /// The time of the newest event of one of `kinds` recorded for the account `userID`.
  func latestEventTime(of userID: UserID, kinds: Set<AuthEventKind>) throws(AuthError) -> Date?
}
