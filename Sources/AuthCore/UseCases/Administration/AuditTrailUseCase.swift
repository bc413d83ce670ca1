/// Reading the audit trail (`authcli audit`).
public protocol AuditTrailUseCase: Sendable {
  /// The events the query selects, newest first. A username in the query is matched in
  /// its canonical form, so `ADA` finds `ada`; when an account has that name now, it
  /// selects that account's events, under every name it had, and only those.
  func events(_ query: AuditQuery) async throws(AuthError) -> [AuthEvent]
}

/// The audit trail over the store.
public struct AuditTrailService: AuditTrailUseCase {
  private let store: any AuthStore
  private let policy: AuthPolicy

  /// Takes the store it reads and the username rules a name filter is read by.
  public init(store: any AuthStore, policy: AuthPolicy = .standard) {
    self.store = store
    self.policy = policy
  }

  /// Reads in one transaction, so the name is resolved against the accounts the events are
  /// read with.
  public func events(_ query: AuditQuery) async throws(AuthError) -> [AuthEvent] {
    var canonical = query
    canonical.username = query.username.map(Username.canonicalize)
    canonical.limit = max(query.limit, 0)
    let typedName = query.username.flatMap {
      Username.validate($0, rules: policy.username).asValidated
    }
    let selected = canonical
    return try await store.read { context throws(AuthError) in
      var resolved = selected
      if let typedName, let account = try context.userRecord(named: typedName) {
        // The account, whatever it was named: not the rows of whoever held the name before.
        resolved.username = nil
        resolved.userID = account.user.id
      }
      return try context.events(matching: resolved)
    }
  }
}
