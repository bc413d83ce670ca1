import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A session as `users show` and `sessions list` print it.
struct SessionRecord: JSONOutput {
  let id: Int64
  let createdAt: Date
  let lastUsedAt: Date
  let expiresAt: Date

  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, createdAt = "created_at", lastUsedAt = "last_used_at", expiresAt = "expires_at"
  }

  init(_ session: Session) {
    id = session.id.rawValue
    createdAt = session.createdAt
    lastUsedAt = session.lastUsedAt
    expiresAt = session.expiresAt
  }
}

/// `users list`: one account.
struct UserListEntry: JSONOutput {
  let username: String
  let createdAt: Date
  let lastSignInAt: Date?
  let activeSessions: Int
  let locked: Bool
  let secondFactor: Bool
  /// The first moment the account is refused; `null` when it never expires.
  let expiresAt: Date?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case activeSessions = "active_sessions", createdAt = "created_at"
    case expiresAt = "expires_at", lastSignInAt = "last_sign_in_at", locked
    case secondFactor = "second_factor", username
  }
}

/// `users show NAME`: everything but the hash.
struct AccountShown: JSONOutput {
  let username: String
  let createdAt: Date
  let updatedAt: Date
  let lastSignInAt: Date?
  let locked: Bool
  let lockedAt: Date?
  let lockReason: String?
  let failedAttempts: Int
  let throttledUntil: Date?
  let passwordScheme: String?
  let upgradedAtNextSignIn: Bool
  /// The stored hash's verify, in Argon2id KiB × passes; `null` without a costed hash.
  let passwordWork: Int?
  /// What every check on this store costs, in the same unit.
  let signInWork: Int?
  let sessions: [SessionRecord]
  /// Deprecated: `active_sessions` is a count wherever else it appears (`users list`); the
  /// list is `sessions`. Removed in the next release.
  let activeSessions: [SessionRecord]?
  let secondFactor: Bool
  /// The first moment the account is refused; `null` when it never expires.
  let expiresAt: Date?
  /// The groups the account is in, by name.
  let groups: [String]
  /// Whether the next sign-in must choose a new password before a session starts.
  let passwordChangeRequired: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case activeSessions = "active_sessions", createdAt = "created_at"
    case expiresAt = "expires_at"
    case failedAttempts = "failed_attempts", groups, lastSignInAt = "last_sign_in_at"
    case lockReason = "lock_reason", locked, lockedAt = "locked_at"
    case passwordChangeRequired = "password_change_required"
    case passwordScheme = "password_scheme", passwordWork = "password_work"
    case secondFactor = "second_factor", sessions, signInWork = "sign_in_work"
    case throttledUntil = "throttled_until", updatedAt = "updated_at"
    case upgradedAtNextSignIn = "upgraded_at_next_sign_in", username
  }

  static let deprecatedKeys: [CodingKeys: String] = [
    .activeSessions: "`sessions` (`active_sessions` is a count everywhere else)"
  ]

  init(_ details: AccountDetails, secondFactor: Bool) {
    username = details.user.username
    createdAt = details.user.createdAt
    updatedAt = details.user.updatedAt
    lastSignInAt = details.lastSignInAt
    locked = details.lock != nil
    lockedAt = details.lock?.lockedAt
    lockReason = details.lock?.reason
    failedAttempts = details.failedAttempts
    throttledUntil = details.throttledUntil
    passwordScheme = details.passwordScheme?.rawValue
    upgradedAtNextSignIn = details.passwordScheme.map { !$0.isCurrent } ?? false
    passwordWork = details.passwordWork
    signInWork = details.signInWork
    sessions = details.activeSessions.map(SessionRecord.init)
    activeSessions = sessions
    self.secondFactor = secondFactor
    expiresAt = details.expiresAt
    groups = details.groups.map(\.canonical)
    passwordChangeRequired = details.passwordChangeRequired
  }
}

/// `users add`: the account created.
struct AccountAdded: JSONOutput {
  let added = true
  let username: String
  let createdAt: Date

  enum CodingKeys: String, CodingKey, CaseIterable {
    case added, createdAt = "created_at", username
  }
}

/// `users delete`.
struct AccountDeleted: JSONOutput {
  let deleted = true
  let username: String
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case deleted, endedSessions = "ended_sessions", username
  }
}

/// `users reset-password`.
struct PasswordReset: JSONOutput {
  let reset = true
  let username: String
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case endedSessions = "ended_sessions", reset, username
  }
}

/// `users reset-2fa`.
struct SecondFactorReset: JSONOutput {
  let username: String
  let secondFactor = false
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case endedSessions = "ended_sessions", secondFactor = "second_factor", username
  }
}

/// `users lock`.
struct AccountLocked: JSONOutput {
  let locked = true
  let username: String
  let wasLocked: Bool
  let lockReason: String
  let endedSessions: Int
  /// Deprecated: `lock_reason`, as `users show` names it; removed in the next release.
  let reason: String?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case endedSessions = "ended_sessions", lockReason = "lock_reason", locked, reason, username
    case wasLocked = "was_locked"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.reason: "`lock_reason`"]
}

/// `users unlock`.
struct AccountUnlocked: JSONOutput {
  let locked = false
  let username: String
  let wasLocked: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case locked, username, wasLocked = "was_locked"
  }
}

/// `users require-new-password`: the account whose next sign-in must choose a new password.
struct NewPasswordRequired: JSONOutput {
  let passwordChangeRequired = true
  let username: String
  let wasRequired: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case passwordChangeRequired = "password_change_required", username
    case wasRequired = "was_required"
  }
}

/// `users rename`.
struct AccountRenamed: JSONOutput {
  let renamed = true
  let username: String
  let previousUsername: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case previousUsername = "previous_username", renamed, username
  }
}
