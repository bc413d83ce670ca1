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
struct UserListEntry: JSONOutput, TableRecord {
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

  // No EXPIRES column: a date beside the others no longer fits 80 columns, and a record
  // wrapped onto a second line is worse than one read with --json or users show.
  static let headers = [
    "USERNAME", Timestamp.header("CREATED"), Timestamp.header("LAST SIGN-IN"), "SESSIONS",
    "LOCKED", "2FA",
  ]

  static let emptyListText: String? = "No accounts yet."

  var cells: [String] {
    [
      username, Timestamp.toTheMinute(createdAt),
      lastSignInAt.map(Timestamp.toTheMinute) ?? "never", String(activeSessions),
      locked ? "yes" : "no", secondFactor ? "on" : "off",
    ]
  }
}

/// `users show NAME`: everything but the hash.
struct AccountShown: JSONOutput, CommandOutput {
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
  /// A factor set up and not yet confirmed: said in the text, not a key (`second_factor`
  /// is `false` until it is on).
  let secondFactorPending: Bool
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

  init(_ details: AccountDetails, secondFactor: SecondFactorStatus) {
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
    self.secondFactor = secondFactor.enabled
    secondFactorPending = secondFactor.pending
    expiresAt = details.expiresAt
    groups = details.groups.map(\.canonical)
    passwordChangeRequired = details.passwordChangeRequired
  }

  /// `Label: value` lines, then the sessions' table when there are any.
  func text(style: Style) -> String {
    var lock = "no"
    if let lockedAt {
      lock = "yes, since \(Timestamp.readable(lockedAt))"
      if let lockReason, !lockReason.isEmpty { lock += ": " + lockReason }
    }
    var failures = String(failedAttempts)
    if let throttledUntil {
      failures += " (sign-in refused until \(Timestamp.readable(throttledUntil)))"
    }
    var lines = [
      ("Username", username),
      ("Created", Timestamp.readable(createdAt)),
      ("Updated", Timestamp.readable(updatedAt)),
      ("Last sign-in", lastSignInAt.map(Timestamp.readable) ?? "never"),
      ("Locked", lock),
      ("Failed sign-ins", failures),
      ("Second factor", secondFactor ? "on" : (secondFactorPending ? "pending" : "off")),
      ("Active sessions", String(sessions.count)),
      ("Groups", groups.isEmpty ? "none" : groups.joined(separator: ", ")),
    ]
    // Only an account that expires is worth the line, beside its lock.
    if let expiresAt {
      lines.insert(("Expires", Self.expiry(expiresAt)), at: 5)
    }
    // Only a hash kept from another system is worth a line: authcli's own is the rule.
    let keptHash = passwordScheme == nil || upgradedAtNextSignIn
    var scheme = keptHash ? [("Password hash", schemeText)] : []
    // Worth a line only while it stands, as the lock's reason is.
    if passwordChangeRequired {
      scheme.insert(("New password", "required at next sign-in"), at: 0)
    }
    // Beside a kept hash, what it costs against what every check costs.
    if let signInWork, keptHash {
      let own = passwordWork.map { " (this account's hash: \($0))" } ?? ""
      scheme.append(("Sign-in work", "\(signInWork) KiB × passes" + own))
    }
    let facts = (lines + scheme).map { label, value in
      (label + ":").padded(to: 17) + TerminalText.visible(value)
    }.joined(separator: "\n")
    guard !sessions.isEmpty else { return facts }
    let rows = sessions.map { session in
      [
        String(session.id), Timestamp.readable(session.createdAt),
        Timestamp.readable(session.lastUsedAt), Timestamp.readable(session.expiresAt),
      ]
    }
    return facts + "\n\n"
      + TextTable(headers: ["ID", "STARTED", "LAST USED", "EXPIRES"], rows: rows)
      .render(style: style)
  }

  /// The stored hash's scheme, and whether the next sign-in replaces it.
  private var schemeText: String {
    guard let passwordScheme else { return "unreadable (no password matches)" }
    return upgradedAtNextSignIn ? passwordScheme + ", upgraded at next sign-in" : passwordScheme
  }

  /// The expiry as `users expire` takes it: the day, refused from its start (UTC).
  private static func expiry(_ expiresAt: Date) -> String {
    let day = CalendarDay(containing: expiresAt)
    return Date() >= expiresAt ? "expired on \(day)" : "on \(day) (refused from 00:00 UTC)"
  }
}

/// `users add`: the account created.
struct AccountAdded: JSONOutput, CommandOutput {
  let added = true
  let username: String
  let createdAt: Date

  enum CodingKeys: String, CodingKey, CaseIterable {
    case added, createdAt = "created_at", username
  }

  func text(style: Style) -> String {
    "Created account \(TerminalText.visible(username)) (not signed in)."
  }
}

/// `users delete`.
struct AccountDeleted: JSONOutput, CommandOutput {
  let deleted = true
  let username: String
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case deleted, endedSessions = "ended_sessions", username
  }

  func text(style: Style) -> String {
    "Deleted account \(TerminalText.visible(username)); \(counted(endedSessions, "session")) ended."
  }
}

/// `users reset-password`.
struct PasswordReset: JSONOutput, CommandOutput {
  let reset = true
  let username: String
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case endedSessions = "ended_sessions", reset, username
  }

  func text(style: Style) -> String {
    "Password of \(TerminalText.visible(username)) reset; \(counted(endedSessions, "session")) ended."
  }
}

/// `users reset-2fa`.
struct SecondFactorReset: JSONOutput, CommandOutput {
  let username: String
  let secondFactor = false
  let endedSessions: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case endedSessions = "ended_sessions", secondFactor = "second_factor", username
  }

  func text(style: Style) -> String {
    "Removed the second factor of \(TerminalText.visible(username));"
      + " \(counted(endedSessions, "session")) ended."
  }
}

/// `users lock`.
struct AccountLocked: JSONOutput, CommandOutput {
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

  func text(style: Style) -> String {
    let shown = TerminalText.visible(username)
    return (wasLocked ? "Account \(shown) was locked already; reason updated" : "Locked \(shown)")
      + "; \(counted(endedSessions, "session")) ended."
  }
}

/// `users unlock`.
struct AccountUnlocked: JSONOutput, CommandOutput {
  let locked = false
  let username: String
  let wasLocked: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case locked, username, wasLocked = "was_locked"
  }

  func text(style: Style) -> String {
    let shown = TerminalText.visible(username)
    return (wasLocked ? "Unlocked \(shown)" : "Account \(shown) was not locked")
      + "; failed sign-ins cleared."
  }
}

/// `users require-new-password`: the account whose next sign-in must choose a new password.
struct NewPasswordRequired: JSONOutput, CommandOutput {
  let passwordChangeRequired = true
  let username: String
  let wasRequired: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case passwordChangeRequired = "password_change_required", username
    case wasRequired = "was_required"
  }

  func text(style: Style) -> String {
    let shown = TerminalText.visible(username)
    return
      (wasRequired
      ? "Account \(shown) was asked for a new password already"
      : "Account \(shown) must choose a new password at its next sign-in")
      + "; its sessions stay."
  }
}

/// `users rename`.
struct AccountRenamed: JSONOutput, CommandOutput {
  let renamed = true
  let username: String
  let previousUsername: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case previousUsername = "previous_username", renamed, username
  }

  func text(style: Style) -> String {
    "Renamed \(TerminalText.visible(previousUsername)) to \(TerminalText.visible(username)); "
      + "sessions kept."
  }
}
