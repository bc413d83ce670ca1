#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A device cookie as stored: only its hash identifies it.
public struct DeviceCookie: Hashable, Sendable {
  /// The account it was issued to.
  public let userID: UserID
  /// When it stops counting as trusted.
  public let expiresAt: Date
  /// The failures counted against this cookie alone.
  public let throttle: ThrottleState

  /// Describes a stored cookie.
  public init(userID: UserID, expiresAt: Date, throttle: ThrottleState) {
    self.userID = userID
    self.expiresAt = expiresAt
    self.throttle = throttle
  }
}

/// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"), inside
/// a transaction. Only the cookie's hash is seen here.
///
/// A store that keeps no device cookies answers every lookup with `nil` and ignores the
/// writes (the default implementations): every client is then untrusted, which is the
/// behaviour without cookies, never a weaker one.
public protocol DeviceCookieStore {
  /// The cookie with this hash, whether expired or not.
  func deviceCookie(tokenHash: TokenHash) throws(AuthError) -> DeviceCookie?
  /// Keeps a new cookie for an account.
  func insertDeviceCookie(
    tokenHash: TokenHash, userID: UserID, createdAt: Date, expiresAt: Date) throws(AuthError)
  /// Stores the failures counted against one cookie.
  func saveDeviceCookieThrottle(_ state: ThrottleState, tokenHash: TokenHash) throws(AuthError)
  /// Forgets one cookie (replaced after a success).
  func deleteDeviceCookie(tokenHash: TokenHash) throws(AuthError)
  /// Clears the failures of every cookie of an account (an operator's unlock).
  func clearDeviceCookieThrottles(of userID: UserID) throws(AuthError)
  /// Deletes cookies whose `expiresAt` is at or before `time` (no longer trusted, so their
  /// counts and locks no longer apply either), at most `limit` of them when a limit is
  /// given (which ones is up to the store); returns how many.
  func deleteExpiredDeviceCookies(asOf time: Date, limit: Int?) throws(AuthError) -> Int
  /// How many cookies have an `expiresAt` at or before `time`.
  func countExpiredDeviceCookies(asOf time: Date) throws(AuthError) -> Int
}

extension DeviceCookieStore {
  /// No cookies kept: every client is untrusted.
  public func deviceCookie(tokenHash: TokenHash) throws(AuthError) -> DeviceCookie? { nil }
  /// No cookies kept.
  public func insertDeviceCookie(
    tokenHash: TokenHash, userID: UserID, createdAt: Date, expiresAt: Date
  ) throws(AuthError) {}
  /// No cookies kept.
  public func saveDeviceCookieThrottle(
    _ state: ThrottleState, tokenHash: TokenHash
  ) throws(AuthError) {}
  /// No cookies kept.
  public func deleteDeviceCookie(tokenHash: TokenHash) throws(AuthError) {}
  /// No cookies kept.
  public func clearDeviceCookieThrottles(of userID: UserID) throws(AuthError) {}
  /// No cookies kept, so none expired.
  public func deleteExpiredDeviceCookies(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    0
  }
  /// No cookies kept, so none expired.
  public func countExpiredDeviceCookies(asOf time: Date) throws(AuthError) -> Int { 0 }
}

/// Where a client keeps its device cookies between sign-ins (private files for the command
/// line, the keychain in an app): one per account that signed in on this client, so that
/// signing in as one account never costs another its cookie.
///
/// A jar need not know which cookie is whose: every check presents all of them, and the
/// store trusts only one bound to the account checked. So a cookie is kept by the account's
/// id, which a rename does not change, and still counts after an operator renamed the
/// account.
public protocol DeviceCookieJar: Sendable {
  /// Every cookie this client holds for this store, whichever account each was issued to.
  func cookies() -> [SessionToken]
  /// Keeps a new cookie for the account with this id in place of its old one; best effort (a
  /// client that cannot keep it is simply untrusted next time). `replacing` is the cookie the
  /// sign-in was trusted through, which the store no longer knows: a jar that holds it
  /// anywhere else (a file an earlier release named after the account's name) forgets it there.
  func keep(_ cookie: SessionToken, for account: UserID, replacing: SessionToken?)
}
