import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A session a command started or found (`signin`, `signup`, `sessions check`), and with
/// the database it lives in, `whoami`.
struct SessionStarted: Encodable {
  let username: String
  let sessionID: Int64
  let sessionCreatedAt: Date
  let sessionExpiresAt: Date
  /// Only `whoami` names the database; the key is left out elsewhere.
  let database: String?

  enum CodingKeys: String, CodingKey {
    case database
    case sessionCreatedAt = "session_created_at"
    case sessionExpiresAt = "session_expires_at"
    case sessionID = "session_id"
    case username
  }

  init(
    username: String, id: SessionID, createdAt: Date, expiresAt: Date, database: String? = nil
  ) {
    self.username = username
    sessionID = id.rawValue
    sessionCreatedAt = createdAt
    sessionExpiresAt = expiresAt
    self.database = database
  }

  init(_ authenticated: AuthenticatedSession) {
    self.init(
      username: authenticated.user.username, id: authenticated.session.id,
      createdAt: authenticated.session.createdAt, expiresAt: authenticated.session.expiresAt)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(username, forKey: .username)
    try container.encode(sessionID, forKey: .sessionID)
    try container.encode(sessionCreatedAt, forKey: .sessionCreatedAt)
    try container.encode(sessionExpiresAt, forKey: .sessionExpiresAt)
    if let database { try container.encode(database, forKey: .database) }
  }
}

/// `sessions list`: one session.
struct SessionListEntry: Encodable {
  let id: Int64
  let createdAt: Date
  let lastUsedAt: Date
  let expiresAt: Date
  let current: Bool

  enum CodingKeys: String, CodingKey {
    case createdAt = "created_at"
    case current
    case expiresAt = "expires_at"
    case id
    case lastUsedAt = "last_used_at"
  }

  init(_ summary: SessionSummary) {
    id = summary.session.id.rawValue
    createdAt = summary.session.createdAt
    lastUsedAt = summary.session.lastUsedAt
    expiresAt = summary.session.expiresAt
    current = summary.isCurrent
  }
}

/// `sessions revoke ID`: `revoked` is a flag, as every other verb's is; the id is
/// `session_id`, as in `signin`.
struct SessionRevoked: Encodable {
  let revoked = true
  let sessionID: Int64
  let wasCurrent: Bool

  enum CodingKeys: String, CodingKey {
    case revoked
    case sessionID = "session_id"
    case wasCurrent = "was_current"
  }
}

/// `sessions token`.
struct SessionTokenShown: Encodable {
  let token: String
  let sessionID: Int64

  enum CodingKeys: String, CodingKey {
    case sessionID = "session_id"
    case token
  }
}

/// What `sessions prune` deleted, and what `inspect` says it would delete: the same keys.
struct PrunableCountsOutput: Encodable {
  let expiredSessions: Int
  let throttleRows: Int
  let expiredDeviceCookies: Int

  enum CodingKeys: String, CodingKey {
    case expiredDeviceCookies = "expired_device_cookies"
    case expiredSessions = "expired_sessions"
    case throttleRows = "throttle_rows"
  }
}

/// `signout`.
struct SignedOut: Encodable {
  let signedOut = true
  let endedSessions: Int

  enum CodingKeys: String, CodingKey {
    case endedSessions = "ended_sessions"
    case signedOut = "signed_out"
  }
}

/// `passwd`.
struct PasswordChanged: Encodable {
  let changed = true
  let endedSessions: Int

  enum CodingKeys: String, CodingKey {
    case changed
    case endedSessions = "ended_sessions"
  }
}
