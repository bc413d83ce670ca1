/// Reading the audit trail (`authcli audit`).
public protocol AuditTrailUseCase: Sendable {
  /// The events the query selects, newest first. A username in the query is matched in
  /// its canonical form, so `ADA` finds `ada`.
  func events(_ query: AuditQuery) async throws(AuthError) -> [AuthEvent]
}

/// The audit trail over the store.
public struct AuditTrailService: AuditTrailUseCase {
  private let store: any AuthStore

  /// Takes the store it reads.
  public init(store: any AuthStore) {
    self.store = store
  }

  /// Reads in one transaction.
  public func events(_ query: AuditQuery) async throws(AuthError) -> [AuthEvent] {
    var canonical = query
    canonical.username = query.username.map(Username.canonicalize)
    canonical.limit = max(query.limit, 0)
    let selected = canonical
    return try await store.read { context throws(AuthError) in
      try context.events(matching: selected)
    }
  }
}
