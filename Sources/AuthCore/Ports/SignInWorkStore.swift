#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The store's sign-in work, inside a transaction: what every password check costs when an
/// operator or an import raised it above the hasher's default (`SignInWork`).
///
/// Kept in the store, not in the process, so that every command and every program reaching
/// the store (`verify` under PAM, a web server's authenticator) answers in the same time.
public protocol SignInWorkStore {
  /// The raised work (Argon2id KiB × passes), or `nil` when the store runs at the default.
  func raisedSignInWork() throws(AuthError) -> Int?
  /// Raises the work to `work`, or with `nil` goes back to the default.
  func setRaisedSignInWork(_ work: Int?, at time: Date) throws(AuthError)
}
