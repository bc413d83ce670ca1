#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything done with an existing session: who am I, sign-out, the list of
/// sessions, revocation, and housekeeping.
///
/// Only `currentSession` renews a session (it is the call a front end makes
/// when a signed-in command starts); it writes at most once per
/// `touchInterval` per session, so most checks are a single read.
public struct SessionService: SessionUseCase {
  private let store: any AuthStore
  private let clock: any WallClock
  private let policy: AuthPolicy
  private let resolver: SessionResolver

  /// Takes the ports it works through and the rules it applies.
  public init(
    store: any AuthStore, tokens: any TokenSource, clock: any WallClock,
    policy: AuthPolicy = .standard
  ) {
    self.store = store
    self.clock = clock
    self.policy = policy
    self.resolver = SessionResolver(tokens: tokens, rules: policy.session)
  }

  /// The user and session behind a token, renewed when the last use is old enough.
  public func currentSession(token: SessionToken) async throws(AuthError) -> AuthenticatedSession {
    let hash = try resolver.hash(of: token)
    let now = clock.now()
    let resolver = resolver
    // One statement (the session joined with its user): a lookup, with no transaction.
    let found = try await store.lookUp { context throws(AuthError) in
      try resolver.resolve(hash, at: now, in: context)
    }
    let rules = policy.session
    guard Self.isDueForRenewal(found.session, at: now, rules: rules) else { return found }
    do throws(AuthError) {
      // Resolved again under the write lock: a sign-out or revoke in another process
      // between the read and here must end the session, not be answered with a renewal.
      return try await store.write { context throws(AuthError) in
        let current = try resolver.resolve(hash, at: now, in: context)
        guard Self.isDueForRenewal(current.session, at: now, rules: rules) else { return current }
        let renewed = Self.renewed(current.session, at: now, rules: rules)
        try context.touchSession(renewed.id, lastUsedAt: now, expiresAt: renewed.expiresAt)
        return AuthenticatedSession(user: current.user, session: renewed)
      }
    } catch {
      // Renewal is best effort: a busy database must not sign anyone out; the
      // next use after the lock clears renews instead.
      guard error == .store(.busy) else { throw error }
      return found
    }
  }

  private static func isDueForRenewal(
    _ session: Session, at now: Date, rules: SessionRules
  ) -> Bool {
    now.timeIntervalSince(session.lastUsedAt) >= rules.touchInterval
  }

  /// The session used at `now`: idle expiry moved, never past the absolute limit.
  private static func renewed(_ session: Session, at now: Date, rules: SessionRules) -> Session {
    let absoluteEnd = session.createdAt.addingTimeInterval(rules.absoluteLifetime)
    return Session(
      id: session.id, userID: session.userID, createdAt: session.createdAt, lastUsedAt: now,
      expiresAt: min(absoluteEnd, now.addingTimeInterval(rules.idleTimeout)))
  }

  /// Deletes this session's row, so the token stops working at once.
  public func signOut(token: SessionToken) async throws(AuthError) {
    try await endSessions(token: token, kind: .signOut) { found, context throws(AuthError) in
      try context.deleteSession(found.session.id) ? 1 : 0
    }
  }

  /// Deletes every session of the token's user, this one included.
  public func signOutEverywhere(token: SessionToken) async throws(AuthError) -> Int {
    try await endSessions(token: token, kind: .signOutEverywhere) {
      found, context throws(AuthError) in
      try context.deleteSessions(of: found.user.id, except: nil)
    }
  }

  /// The user's active sessions, newest first, the asking one marked.
  public func listSessions(token: SessionToken) async throws(AuthError) -> [SessionSummary] {
    let hash = try resolver.hash(of: token)
    let now = clock.now()
    let resolver = resolver
    let rules = policy.session
    return try await store.read { context throws(AuthError) in
      let found = try resolver.resolve(hash, at: now, in: context)
      return try context.sessions(of: found.user.id)
        .filter { $0.isActive(at: now, rules: rules) }
        .sorted { ($0.createdAt, $0.id.rawValue) > ($1.createdAt, $1.id.rawValue) }
        .map { SessionSummary(session: $0, isCurrent: $0.id == found.session.id) }
    }
  }

  /// Ends one of the user's own sessions; another user's id is "not found".
  public func revokeSession(_ sessionID: SessionID, token: SessionToken) async throws(AuthError) {
    try await endSessions(token: token, kind: .sessionRevoked) { found, context throws(AuthError) in
      guard try context.sessions(of: found.user.id).contains(where: { $0.id == sessionID }) else {
        throw AuthError.sessionNotFound
      }
      return try context.deleteSession(sessionID) ? 1 : 0
    }
  }

  /// Deletes every session past its expiry; returns how many.
  public func deleteExpiredSessions() async throws(AuthError) -> Int {
    let now = clock.now()
    return try await store.write { context throws(AuthError) in
      try context.deleteExpiredSessions(asOf: now)
    }
  }

  /// Resolves the token and runs `end` in one write transaction with its audit event.
  @discardableResult
  private func endSessions(
    token: SessionToken, kind: AuthEventKind,
    _ end: @escaping @Sendable (AuthenticatedSession, any AuthStoreContext) throws(AuthError) -> Int
  ) async throws(AuthError) -> Int {
    let hash = try resolver.hash(of: token)
    let now = clock.now()
    let resolver = resolver
    return try await store.write { context throws(AuthError) in
      let found = try resolver.resolve(hash, at: now, in: context)
      let ended = try end(found, context)
      try context.append(
        AuthEventDraft(
          time: now, kind: kind, userID: found.user.id, username: found.user.username,
          detail: "\(ended) session(s) ended"))
      return ended
    }
  }
}
