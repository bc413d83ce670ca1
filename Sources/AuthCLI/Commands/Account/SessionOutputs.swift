import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A session a command started or found: `signup`, `signin`, `sessions check`.
struct SessionStarted: JSONOutput {
  let username: String
  let sessionID: Int64
  let sessionCreatedAt: Date
  let sessionExpiresAt: Date

  enum CodingKeys: String, CodingKey, CaseIterable {
    case sessionCreatedAt = "session_created_at", sessionExpiresAt = "session_expires_at"
    case sessionID = "session_id", username
  }

  init(_ authenticated: AuthenticatedSession) {
    username = authenticated.user.username
    sessionID = authenticated.session.id.rawValue
    sessionCreatedAt = authenticated.session.createdAt
    sessionExpiresAt = authenticated.session.expiresAt
  }
}

/// `whoami`: the signed-in session, as `signin` printed it, and the database it lives in.
struct WhoAmIShown: JSONOutput {
  let username: String
  let sessionID: Int64
  let sessionCreatedAt: Date
  let sessionExpiresAt: Date
  let database: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case database, sessionCreatedAt = "session_created_at", sessionExpiresAt = "session_expires_at"
    case sessionID = "session_id", username
  }
}

/// `sessions list`: one session.
struct SessionListEntry: JSONOutput {
  let id: Int64
  let createdAt: Date
  let lastUsedAt: Date
  let expiresAt: Date
  let current: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case createdAt = "created_at", current, expiresAt = "expires_at", id
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
struct SessionRevoked: JSONOutput {
  let revoked = true
  let sessionID: Int64
  let wasCurrent: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case revoked, sessionID = "session_id", wasCurrent = "was_current"
  }
}

/// `sessions token`.
struct SessionTokenShown: JSONOutput {
  let token: String
  let sessionID: Int64

  enum CodingKeys: String, CodingKey, CaseIterable {
    case sessionID = "session_id", token
  }
}

/// What `sessions prune` deleted, and what `inspect` says it would delete: the same keys.
struct PrunableCountsOutput: JSONOutput {
  let expiredSessions: Int
  let throttleRows: Int
  let expiredDeviceCookies: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case expiredDeviceCookies = "expired_device_cookies", expiredSessions = "expired_sessions"
    case throttleRows = "throttle_rows"
  }
}

/// `signout`.
struct SignedOut: JSONOutput {
  let signedOut = true
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case endedSessions = "ended_sessions", signedOut = "signed_out"
  }
}

/// `passwd`.
struct PasswordChanged: JSONOutput {
  let changed = true
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case changed, endedSessions = "ended_sessions"
  }
}
