/// The append-only audit trail, inside a transaction.
public protocol AuditLog {
  /// Appends an event.
  func append(_ event: AuthEventDraft) throws
  /// The newest events first, at most `limit`.
  func recentEvents(limit: Int) throws -> [AuthEvent]
}
