import AuthCore
import Foundation

/// Fixed users, sessions and tokens for stubs, previews and tests.
public enum SampleData {
  /// A fixed instant: 2027-01-15 08:00:00 UTC.
  public static let now = Date(timeIntervalSince1970: 1_800_000_000)
  /// One day in seconds.
  public static let day: TimeInterval = 86_400

  /// The account "alice".
  public static let user = User(
    id: UserID(rawValue: 1), username: "alice", createdAt: now - 30 * day,
    updatedAt: now - 30 * day)

  /// A session of alice's that started at `now`.
  public static func session(id: Int64 = 10, startedDaysAgo days: Double = 0) -> Session {
    let start = now - days * day
    return Session(
      id: SessionID(rawValue: id), userID: user.id, createdAt: start, lastUsedAt: start,
      expiresAt: start + 7 * day)
  }

  /// Alice signed in with session 10.
  public static let authenticated = AuthenticatedSession(user: user, session: session())

  /// The sample user's password in previews (never a real one).
  public static let password = "correct horse battery staple"
  /// A new password for the sample user in previews.
  public static let newPassword = "a brand new long passphrase"

  /// A code an authenticator app shows.
  public static let code = "287082"
  /// A token that is never valid anywhere but in stubs.
  public static let token = SessionToken(rawValue: "sample-token")

  /// Session 10 just started, with its token.
  public static let newSession = NewSession(authenticated: authenticated, token: token)

  /// Three sessions of alice's, newest first; session 10 is the current one.
  public static let summaries = [
    SessionSummary(session: session(id: 10), isCurrent: true),
    SessionSummary(session: session(id: 7, startedDaysAgo: 2), isCurrent: false),
    SessionSummary(session: session(id: 3, startedDaysAgo: 5), isCurrent: false),
  ]
}
