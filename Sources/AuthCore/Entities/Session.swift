#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The database identity of a session, safe to show (it is not the token).
public struct SessionID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The row id.
  public let rawValue: Int64
  /// Wraps a row id.
  public init(rawValue: Int64) { self.rawValue = rawValue }
  /// The row id as text.
  public var description: String { String(rawValue) }
}

/// A signed-in session as stored: the token itself is never kept, only its hash.
public struct Session: Hashable, Sendable {
  /// The database identity.
  public let id: SessionID
  /// Whose session this is.
  public let userID: UserID
  /// When the user signed in.
  public let createdAt: Date
  /// When the session was last used (moved at most once a minute).
  public let lastUsedAt: Date
  /// When the session ends unless used again: the earlier of the absolute
  /// limit after sign-in and the idle limit after the last use.
  public let expiresAt: Date

  /// Creates a session value; stores build these from rows.
  public init(id: SessionID, userID: UserID, createdAt: Date, lastUsedAt: Date, expiresAt: Date) {
    self.id = id
    self.userID = userID
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
    self.expiresAt = expiresAt
  }

  /// Whether the session is still usable at `now`.
  public func isActive(at now: Date) -> Bool { now < expiresAt }

  /// Whether the session is still usable at `now` under `rules`: before its expiry, and
  /// shaped as a session this program starts. A row whose start lies in the future, or
  /// whose expiry lies beyond its start plus the absolute lifetime, was not written by a
  /// sign-in (someone wrote the database) and counts as expired.
  public func isActive(at now: Date, rules: SessionRules) -> Bool {
    now < expiresAt && createdAt <= now
      && expiresAt <= createdAt.addingTimeInterval(rules.absoluteLifetime)
  }
}

/// A session with the account it belongs to.
public struct AuthenticatedSession: Hashable, Sendable {
  /// The signed-in account.
  public let user: User
  /// The session.
  public let session: Session

  /// Pairs a user with one of their sessions.
  public init(user: User, session: Session) {
    self.user = user
    self.session = session
  }
}

/// A session just started: the only moment the token exists outside the client.
public struct NewSession: Hashable, Sendable {
  /// The account and session.
  public let authenticated: AuthenticatedSession
  /// The secret the client keeps to prove the session later.
  public let token: SessionToken

  /// Pairs a fresh session with its token.
  public init(authenticated: AuthenticatedSession, token: SessionToken) {
    self.authenticated = authenticated
    self.token = token
  }
}

/// A session as listed to its owner.
public struct SessionSummary: Hashable, Sendable {
  /// The session.
  public let session: Session
  /// Whether it is the session asking.
  public let isCurrent: Bool

  /// Marks a session as current or not.
  public init(session: Session, isCurrent: Bool) {
    self.session = session
    self.isCurrent = isCurrent
  }
}
