#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The signed-in user's own account, for a change that asks more than a live session: found
/// behind the session's token, then proven by the current password.
///
/// The current password is checked exactly as a sign-in checks a password
/// (`PasswordCheck`): a wrong one counts like a failed sign-in, so a stolen session cannot
/// be used to guess the password, and the device-cookie rule applies, so a stranger's
/// guesses at the name do not refuse the owner's change on her own device.
struct SignedInAccount: Sendable {
  let resolver: SessionResolver
  let passwords: PasswordCheck
  /// The store the check works in, where the change it proves is written too.
  var store: any AuthStore { passwords.store }
  /// The clock the check counts by.
  var clock: any WallClock { passwords.clock }

  /// Takes the ports a password check works through. With `deviceCookies`, the client's
  /// cookie for the signed-in account is presented, as a sign-in presents it.
  init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy, deviceCookies: (any DeviceCookieJar)?,
    legacyVerifier: (any LegacyPasswordVerifier)? = nil
  ) {
    self.resolver = SessionResolver(tokens: tokens, rules: policy.session)
    self.passwords = PasswordCheck(
      store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
      dummyHash: DummyPasswordHash(hasher: hasher), deviceCookies: deviceCookies,
      legacyVerifier: legacyVerifier)
  }

  /// Finds the live session behind the token and reads from it, in one read transaction.
  func read<T: Sendable>(
    _ token: SessionToken,
    _ work: (AuthenticatedSession, any AuthStoreContext) throws(AuthError) -> T
  ) async throws(AuthError) -> T {
    try await read(tokenHash: try resolver.hash(of: token), work)
  }

  /// The same, for a caller that keeps the token's hash for a write that follows.
  func read<T: Sendable>(
    tokenHash hash: TokenHash,
    _ work: (AuthenticatedSession, any AuthStoreContext) throws(AuthError) -> T
  ) async throws(AuthError) -> T {
    let resolver = resolver
    let now = clock.now()
    return try await store.read { context throws(AuthError) in
      try work(try resolver.resolve(hash, at: now, in: context), context)
    }
  }

  /// Checks the signed-in user's current password.
  func checkCurrentPassword(
    _ password: Password, of user: User, for purpose: PasswordCheck.Purpose
  ) async throws(AuthError) -> CurrentPasswordCheck {
    switch try await passwords.check(password, of: .signedIn(user), for: purpose) {
    case .passed(let passed): return .passed(passed)
    case .refused(.throttled): return .refused(.tooManyAttempts)
    case .refused(.failed): return .refused(.incorrect)
    // An operator's lock ends every session of the account in the same transaction.
    case .refused(.lockedByOperator): throw .notSignedIn
    }
  }
}

/// What a check of the current password came to.
enum CurrentPasswordCheck: Sendable {
  /// It verified; the change that follows settles it (`PasswordCheck.recordSuccess`).
  case passed(PasswordCheck.Passed)
  /// It did not, or was not judged.
  case refused(CurrentPasswordRefusal)
}
