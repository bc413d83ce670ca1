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
