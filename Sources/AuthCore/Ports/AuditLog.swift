#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which audit events to read: every condition given must hold.
public struct AuditQuery: Hashable, Sendable {
  /// Events recorded under this canonical username that belong to no account: attempts at a
  /// name no account had, and the events of an account since deleted. `AuditTrailService`
  /// reads a name that an account has now as that account's `userID` instead, so a name
  /// means the account, not whoever held the name when an event was recorded.
  public var username: String?
  /// Events of this account, under whatever name it had when each was recorded.
  public var userID: UserID?
  /// Events of one of these kinds; `nil` for every kind.
  public var kinds: Set<AuthEventKind>?
  /// Events at or after this time.
  public var since: Date?
  /// The most events to return (the newest ones).
  public var limit: Int

  /// Describes a query; by default the newest 100 events of every kind.
  public init(
    username: String? = nil, userID: UserID? = nil, kinds: Set<AuthEventKind>? = nil,
    since: Date? = nil, limit: Int = 100
  ) {
    self.username = username
    self.userID = userID
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
  /// The events the query selects, newest first (by time, then by id). An event of an
  /// account that exists reads with the account's name now (`draft.username`), so all of an
  /// account's events read alike after a rename; an event of no account (or of one since
  /// deleted) reads with the name recorded with it.
  func events(matching query: AuditQuery) throws(AuthError) -> [AuthEvent]
  /// The time of the newest event of one of `kinds` recorded for the account `userID`.
  func latestEventTime(of userID: UserID, kinds: Set<AuthEventKind>) throws(AuthError) -> Date?
}
