import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A session a command started or found: `signup`, `signin`, `sessions check`.
struct SessionStarted: JSONOutput, CommandOutput {
  /// Which command answers, for its text (not a key: the keys are the session's).
  enum Answer: Sendable {
    case signedUp, signedIn, checked
  }

  let username: String
  let sessionID: Int64
  let sessionCreatedAt: Date
  let sessionExpiresAt: Date
  let answer: Answer

  enum CodingKeys: String, CodingKey, CaseIterable {
    case sessionCreatedAt = "session_created_at", sessionExpiresAt = "session_expires_at"
    case sessionID = "session_id", username
  }

  init(_ authenticated: AuthenticatedSession, answer: Answer) {
    username = authenticated.user.username
    sessionID = authenticated.session.id.rawValue
    sessionCreatedAt = authenticated.session.createdAt
    sessionExpiresAt = authenticated.session.expiresAt
    self.answer = answer
  }

  func text(style: Style) -> String {
    let shown = TerminalText.visible(username)
    switch answer {
    case .signedUp: return "Created account \(shown) and signed in."
    case .signedIn: return "Signed in as \(shown)."
    case .checked:
      return """
        Username:   \(shown)
        Session:    \(sessionID)
        Signed in:  \(Timestamp.readable(sessionCreatedAt))
        Expires:    \(Timestamp.readable(sessionExpiresAt))
        """
    }
  }
}

/// `whoami`: the signed-in session, as `signin` printed it, and the database it lives in.
struct WhoAmIShown: JSONOutput, CommandOutput {
  let username: String
  let sessionID: Int64
  let sessionCreatedAt: Date
  let sessionExpiresAt: Date
  let database: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case database, sessionCreatedAt = "session_created_at", sessionExpiresAt = "session_expires_at"
    case sessionID = "session_id", username
  }

  func text(style: Style) -> String {
    """
    Username:   \(TerminalText.visible(username))
    Signed in:  \(Timestamp.readable(sessionCreatedAt))
    Expires:    \(Timestamp.readable(sessionExpiresAt))
    """
  }
}

/// `sessions list`: one session; in the shell's sessions scene too.
struct SessionListEntry: JSONOutput, TableRecord {
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

  static let headers = [
    "ID", Timestamp.header("STARTED"), Timestamp.header("LAST USED"),
    Timestamp.header("EXPIRES"), "CURRENT",
  ]

  var cells: [String] {
    [
      String(id), Timestamp.toTheMinute(createdAt), Timestamp.toTheMinute(lastUsedAt),
      Timestamp.toTheMinute(expiresAt), current ? "yes" : "",
    ]
  }
}

/// `sessions revoke ID`: `revoked` is a flag, as every other verb's is; the id is
/// `session_id`, as in `signin`.
struct SessionRevoked: JSONOutput, CommandOutput {
  let revoked = true
  let sessionID: Int64
  let wasCurrent: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case revoked, sessionID = "session_id", wasCurrent = "was_current"
  }

  func text(style: Style) -> String {
    wasCurrent
      ? "Revoked session \(sessionID), this one: signed out." : "Revoked session \(sessionID)."
  }
}

/// `sessions token`.
struct SessionTokenShown: JSONOutput, CommandOutput {
  let token: String
  let sessionID: Int64

  enum CodingKeys: String, CodingKey, CaseIterable {
    case sessionID = "session_id", token
  }

  /// The token alone, for another program's standard input.
  func text(style: Style) -> String { token }
}

/// What `sessions prune` deleted, and what `inspect` says it would delete: the same keys.
struct PrunableCountsOutput: JSONOutput, CommandOutput {
  let expiredSessions: Int
  let throttleRows: Int
  let expiredDeviceCookies: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case expiredDeviceCookies = "expired_device_cookies", expiredSessions = "expired_sessions"
    case throttleRows = "throttle_rows"
  }

  /// `sessions prune`'s sentence (`inspect` words the counts as its own fact).
  func text(style: Style) -> String {
    "Deleted \(counted(expiredSessions, "expired session")), "
      + "\(counted(throttleRows, "throttle row")) that no longer lock anything and "
      + "\(counted(expiredDeviceCookies, "expired device cookie"))."
  }
}

/// `signout`.
struct SignedOut: JSONOutput, CommandOutput {
  let signedOut = true
  let endedSessions: Int
  /// Whether every session of the user ended (`--all`), for the text (not a key).
  let everywhere: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case endedSessions = "ended_sessions", signedOut = "signed_out"
  }

  func text(style: Style) -> String {
    guard everywhere else { return "Signed out." }
    return "Signed out everywhere: \(counted(endedSessions, "session")) ended."
  }
}

/// `passwd`.
struct PasswordChanged: JSONOutput, CommandOutput {
  let changed = true
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case changed, endedSessions = "ended_sessions"
  }

  func text(style: Style) -> String {
    "Password changed; \(counted(endedSessions, "other session")) ended."
  }
}
