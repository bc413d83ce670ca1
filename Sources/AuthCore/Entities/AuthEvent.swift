#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What happened, in the audit log.
public enum AuthEventKind: String, Hashable, Sendable, CaseIterable, Codable {
  /// An account was created.
  case signUp = "sign_up"
  /// A sign-in succeeded.
  case signInSucceeded = "sign_in_succeeded"
  /// A sign-in failed: unknown user, wrong password, or locked.
  case signInFailed = "sign_in_failed"
  /// A session ended by sign-out.
  case signOut = "sign_out"
  /// Every session of a user ended.
  case signOutEverywhere = "sign_out_everywhere"
  /// A session was revoked by its owner from another session.
  case sessionRevoked = "session_revoked"
  /// A password was changed.
  case passwordChanged = "password_changed"
  /// A stored hash was upgraded to the current cost at sign-in.
  case passwordRehashed = "password_rehashed"
  /// A password was checked without starting a session (`verify`) and was right; a
  /// wrong one is recorded as `signInFailed`, because it is a guess all the same.
  case passwordVerified = "password_verified"
  /// An operator created an account (`users add`), without signing in.
  case accountAdded = "account_added"
  /// An operator deleted an account and its sessions.
  case accountDeleted = "account_deleted"
  /// An operator locked an account and ended its sessions.
  case accountLocked = "account_locked"
  /// An operator lifted a lock and cleared the sign-in throttle.
  case accountUnlocked = "account_unlocked"
  /// An operator set a new password and ended every session.
  case passwordReset = "password_reset"
  /// An operator deleted expired sessions, forgotten throttle rows and expired device cookies.
  case pruned = "pruned"
  /// A second factor was confirmed and is asked for from now on.
  case secondFactorEnabled = "second_factor_enabled"
  /// The owner turned their second factor off.
  case secondFactorDisabled = "second_factor_disabled"
  /// A code or recovery code was refused (wrong, reused, or throttled).
  case secondFactorFailed = "second_factor_failed"
  /// A recovery code was used (and deleted).
  case recoveryCodeUsed = "recovery_code_used"
  /// An operator removed an account's second factor and ended its sessions.
  case secondFactorReset = "second_factor_reset"
  /// An operator imported an account with the hash another system kept (`users import`).
  case accountImported = "account_imported"
  /// A hash kept from another system was replaced by Argon2id at a successful sign-in.
  case hashUpgraded = "hash_upgraded"
  /// An operator gave an account a new name; the detail names both.
  case accountRenamed = "account_renamed"
  /// The store's sign-in work was raised or lowered by an operator or an import; the detail
  /// names both works. Going back to the default at a sign-in is told by `hashUpgraded`.
  case signInWorkChanged = "sign_in_work_changed"
  /// An operator put an account in a group; the detail names the group.
  case groupMemberAdded = "group_member_added"
  /// An operator took an account out of a group; the detail names the group.
  case groupMemberRemoved = "group_member_removed"
  /// An operator set or cleared an account's expiry; the detail names the day.
  case accountExpirySet = "account_expiry_set"
  /// An operator asked an account for a new password at its next sign-in.
  case passwordChangeRequired = "password_change_required"

  /// What each kind means, in one line, for help pages and documentation.
  public var summary: String {
    switch self {
    case .signUp: "an account was created by sign-up (which also signs in)"
    case .signInSucceeded: "a sign-in started a session"
    case .signInFailed:
      "a sign-in or password check failed (unknown name, wrong password, locked, expired)"
    case .signOut: "a session ended by sign-out"
    case .signOutEverywhere: "every session of a user ended by sign-out"
    case .sessionRevoked: "a session was revoked by its owner"
    case .passwordChanged: "a user changed their password"
    case .passwordRehashed: "a stored hash was upgraded to the current cost"
    case .passwordVerified: "a password check without a session succeeded"
    case .accountAdded: "an operator created an account"
    case .accountDeleted: "an operator deleted an account"
    case .accountLocked: "an operator locked an account"
    case .accountUnlocked: "an operator unlocked an account"
    case .passwordReset: "an operator set a new password"
    case .pruned: "expired sessions, throttle rows and device cookies were deleted"
    case .secondFactorEnabled: "a second factor was confirmed and turned on"
    case .secondFactorDisabled: "a user turned their second factor off"
    case .secondFactorFailed: "a one-time or recovery code was refused"
    case .recoveryCodeUsed: "a recovery code was used"
    case .secondFactorReset: "an operator removed an account's second factor"
    case .accountImported: "an operator imported an account with its existing hash"
    case .hashUpgraded: "an imported hash was replaced by Argon2id at sign-in"
    case .accountRenamed: "an operator renamed an account"
    case .signInWorkChanged: "the store's sign-in work was changed by an operator or an import"
    case .groupMemberAdded: "an operator put an account in a group"
    case .groupMemberRemoved: "an operator took an account out of a group"
    case .accountExpirySet: "an operator set or cleared an account's expiry"
    case .passwordChangeRequired: "an operator asked for a new password at the next sign-in"
    }
  }
}

/// An audit event to append; never carries a password, token or hash.
public struct AuthEventDraft: Hashable, Sendable {
  /// When it happened.
  public let time: Date
  /// What happened.
  public let kind: AuthEventKind
  /// The account, when one is known.
  public let userID: UserID?
  /// The username as attempted (canonicalised), when no account is known or for context.
  public let username: String?
  /// A short, secret-free detail (for example "locked", "wrong password", "session 12").
  public let detail: String

  /// Describes an event.
  public init(time: Date, kind: AuthEventKind, userID: UserID?, username: String?, detail: String) {
    self.time = time
    self.kind = kind
    self.userID = userID
    self.username = username
    self.detail = detail
  }

  /// An event of this account, kept with its id and its name.
  init(time: Date, kind: AuthEventKind, user: User, detail: String) {
    self.init(time: time, kind: kind, userID: user.id, username: user.username, detail: detail)
  }

  /// The name as every store keeps it, `hashed` making a name's keyed hash. An account's
  /// event keeps the account's name beside its id, and so do the operator's events; the name
  /// of a failed sign-in that matched no account may be a secret typed in the wrong field,
  /// and is kept only as its keyed hash.
  public func storedUsername<Failure: Error>(
    hashed: (String) throws(Failure) -> String
  ) throws(Failure) -> String? {
    guard let username else { return nil }
    return userID == nil && kind == .signInFailed ? try hashed(username) : username
  }
}

/// An audit event as stored.
public struct AuthEvent: Hashable, Sendable {
  /// The row id, increasing with time.
  public let id: Int64
  /// What was recorded.
  public let draft: AuthEventDraft

  /// Pairs a stored row id with its event.
  public init(id: Int64, draft: AuthEventDraft) {
    self.id = id
    self.draft = draft
  }
}
