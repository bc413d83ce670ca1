#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one way a password is checked, whatever for (a sign-in, `verify`, the current
/// password of a password change), so that every check counts alike and no check is a
/// side door around the throttle or the device-cookie rule.
///
/// Each check looks at the attempt first, counting nothing (an operator's lock answers
/// first; a device cookie valid for the account counts on itself alone and is not held by
/// the name's lock; any other client counts on the name's throttle). A locked count is
/// refused at once. Otherwise the check takes the turn of its count's key (`CheckTurns`),
/// looks again (the check before may have locked it), verifies at the hasher's full cost
/// whatever is stored, and counts and audits a failure in one write, all within the turn:
/// parallel checks of one key are judged one after the other, so parallel wrong guesses
/// are judged at most up to the limit, parallel right passwords all pass, and a check
/// killed before its answer counts nothing (its turn ends with its process). A caller that
/// goes on to succeed calls `recordSuccess` inside its own write transaction, which clears
/// the count the attempt was charged to, and only that one: a success through a trusted
/// cookie leaves a stranger's count on the name standing.
///
/// Equal work: a refused check takes the same looks, verify and audit as a judged one, all
/// but the turn, which it does not wait for.
struct PasswordCheck: Sendable {
  let store: any AuthStore
  let hasher: any PasswordHasher
  let tokens: any TokenSource
  let clock: any WallClock
  let policy: AuthPolicy
  let dummyHash: DummyPasswordHash
  let deviceCookies: (any DeviceCookieJar)?
  /// Verifies hashes kept from other systems; without it no such hash matches.
  var legacyVerifier: (any LegacyPasswordVerifier)? = nil

  /// The most device cookies one check looks up: a client holds one per account that
  /// signed in on it, and a bound keeps each attempt's work in the store small.
  static let mostCookiesPresented = 64

  /// Whose password is checked.
  enum Account: Sendable {
    /// The account with this name, if any (sign-in, `verify`): nothing tells a missing
    /// account apart.
    case named(Username)
    /// The signed-in user (a password change).
    case signedIn(User)

    /// The canonical name, which keys the throttle.
    var canonicalName: String {
      switch self {
      case .named(let name): name.canonical
      case .signedIn(let user): user.username
      }
    }
  }

  /// What the check serves; decides how a failure reads in the audit trail and whether a
  /// cheaper stored hash is made again.
  enum Purpose: Sendable {
    /// A sign-in, which starts a session.
    case signIn
    /// `verify`: an answer only.
    case verify
    /// The current password of a password change, whose new hash replaces the old anyway.
    case passwordChange
    /// The current password that turns a second factor off or renews its recovery codes.
    case secondFactorChange

    /// The audit detail of a failed attempt; a stored hash refused unrun says why.
    func failureDetail(
      _ attempt: SignInAttempt, storedCost: StoredHashCost, via caller: String?
    ) -> String {
      let reason =
        switch storedCost {
        case .farCostlier: "stored hash far costlier than the current cost"
        case .unreadable: "stored hash unreadable"
        case .current, .cheaper:
          (self == .passwordChange || self == .secondFactorChange) && attempt.isWrongPassword
            ? "wrong current password" : attempt.failureDetail
        }
      return reason + suffix(via: caller)
    }

    /// Tells the purposes apart in the trail (a sign-in has none).
    var suffix: String { suffix(via: nil) }

    /// The suffix, naming the program that asked when there is one: " (verify; PAM
    /// service sshd, from 192.0.2.7)".
    func suffix(via caller: String?) -> String {
      switch self {
      case .signIn: ""
      case .verify: " (verify" + (caller.map { "; " + $0 } ?? "") + ")"
      case .passwordChange: " (password change)"
      case .secondFactorChange: " (second factor)"
      }
    }
  }

  /// A password that verified, and what the success must settle.
  struct Passed: Sendable {
    /// The account as read when the attempt was reserved.
    let record: UserRecord
    /// The stored hash made again at the current cost, when it was cheaper.
    let upgradedHash: Rehash?
    /// The device cookie the attempt was counted on, when the client's was trusted.
    let trustedCookie: TrustedCookie?
    /// The password that verified: if a check beside this one stored the hash again at a
    /// higher cost meanwhile, the new hash is verified with it before the success settles.
    let password: Password

    /// The same check, as if it had verified against `hash` (stored since by a check
    /// beside it) with nothing left to upgrade.
    func verified(against hash: String) -> Passed {
      Passed(
        record: UserRecord(
          user: record.user, passwordHash: hash, lock: record.lock, expiresAt: record.expiresAt,
          passwordChangeRequired: record.passwordChangeRequired),
        upgradedHash: nil, trustedCookie: trustedCookie, password: password)
    }
  }

  /// A cookie the client presented and the store trusted for the account.
  struct TrustedCookie: Sendable {
    /// As the client holds it.
    let token: SessionToken
    /// As the store keeps it.
    let hash: TokenHash
  }

  /// Why a check failed. The caller chooses what to show; a sign-in shows one message for
  /// all of them.
  enum Refusal: Sendable, Equatable {
    /// The count the attempt falls under is locked; the password was not judged.
    case throttled
    /// An operator locked the account, or it expired; the password was not judged.
    case lockedByOperator
    /// No such account, a wrong password, or a stored hash refused as damaged.
    case failed
  }

  /// The answer of one check.
  enum Outcome: Sendable {
    /// The password is right.
    case passed(Passed)
    /// It is not, or was not judged.
    case refused(Refusal)
  }

  /// How long a check waits for its turn at most. A turn lasts one verify, so this lets a
  /// few hundred checks of one name at the standard cost (tens of milliseconds each) go one
  /// after the other; past it the check is answered `busy`, neither judged nor counted.
  static let turnPatience: Duration = .seconds(30)

  /// What a check's turn came to.
  private enum Judged: Sendable {
    /// The password verified.
    case verified(
      UserRecord, storedCost: StoredHashCost, legacyScheme: LegacyPasswordHash.Scheme?,
      trusted: TokenHash?)
    /// It did not; the failure is counted and audited.
    case failed
    /// The count was locked when the turn came: the password is not judged.
    case notJudged(SignInAttempt)
    /// The presented cookie was trusted at the first look and no longer is (or the other
    /// way round): the attempt falls under another key's turn.
    case trustChanged
  }

  /// Looks, verifies and (on failure) counts and audits one attempt. With `refusing`, the
  /// attempt is refused whatever the password, after the same work, and counted and
  /// audited with that reason. `caller` names the program that asked, for the audit trail.
  func check(
    _ password: Password, of account: Account, for purpose: Purpose,
    refusing reason: String? = nil, caller: String? = nil
  ) async throws(AuthError) -> Outcome {
    let presented = (deviceCookies?.cookies() ?? []).prefix(Self.mostCookiesPresented)
      .compactMap { token in tokens.hash(token).map { (token: token, hash: $0) } }
    let presentedHashes = presented.map(\.hash)
    // A locked count is refused here, without waiting for a turn.
    let (seen, seenTrusted) = try await lookAtAttempt(
      for: account, cookies: presentedHashes, pruning: false)
    guard case .allowed = seen else {
      // The look a turn's holder takes, for the same work as a judged check.
      _ = try await lookAtAttempt(for: account, cookies: presentedHashes, pruning: true)
      return try await refuse(password, seen, of: account, for: purpose, caller: caller)
    }
    let key =
      seenTrusted.map { "cookie " + $0.rawValue.map { String($0) }.joined(separator: ".") }
      ?? "name " + account.canonicalName
    let judged = try await store.checkTurns.withTurn(
      for: key, waitingAtMost: Self.turnPatience
    ) { () throws(AuthError) -> Judged in
      let (attempt, trusted) = try await lookAtAttempt(
        for: account, cookies: presentedHashes, pruning: true)
      guard case .allowed = attempt else { return .notJudged(attempt) }
      guard trusted == seenTrusted else { return .trustChanged }
      let (verified, storedCost, legacyScheme) = try verifyEqually(password, attempt)
      if verified, reason == nil, case .allowed(let record?) = attempt {
        return .verified(
          record, storedCost: storedCost, legacyScheme: legacyScheme, trusted: trusted)
      }
      var detail = purpose.failureDetail(attempt, storedCost: storedCost, via: caller)
      if let reason { detail = reason + purpose.suffix(via: caller) }
      try await recordFailure(of: attempt, detail: detail, on: trusted, of: account)
      return .failed
    }
    let record: UserRecord
    let storedCost: StoredHashCost
    let legacyScheme: LegacyPasswordHash.Scheme?
    let trusted: TokenHash?
    switch judged {
    case .verified(let verified, let cost, let scheme, let cookie):
      (record, storedCost, legacyScheme, trusted) = (verified, cost, scheme, cookie)
    case .failed: return .refused(.failed)
    case .notJudged(let attempt):
      return try await refuse(password, attempt, of: account, for: purpose, caller: caller)
    // Rare (a cookie expiring between the looks): checked again under the key it now has.
    case .trustChanged:
      return try await check(
        password, of: account, for: purpose, refusing: reason, caller: caller)
    }
    // Only a cheaper hash is made again, and never below its own cost in any parameter;
    // an upgrade that fails now (out of memory) waits for the next sign-in rather than
    // failing this one.
    var upgradedHash: Rehash? = nil
    if purpose == .signIn || purpose == .verify, let legacyScheme,
      let made = try? hasher.hash(password)
    {
      // A hash kept from another system is replaced at the current cost by the first
      // password that matches it.
      upgradedHash = Rehash(
        hash: made, from: legacyScheme.rawValue,
        to: "argon2id " + (hasher.parameters(of: made) ?? "current"), kind: .hashUpgraded)
    } else if purpose == .signIn || purpose == .verify, storedCost == .cheaper,
      hasher.needsRehash(record.passwordHash),
      let made = try? hasher.rehash(password, upgrading: record.passwordHash)
    {
      upgradedHash = Rehash(
        hash: made, from: hasher.parameters(of: record.passwordHash) ?? "unknown",
        to: hasher.parameters(of: made) ?? "current")
    }
    let trustedCookie = trusted.flatMap { hash in
      presented.first { $0.hash == hash }.map { TrustedCookie(token: $0.token, hash: hash) }
    }
    return .passed(
      Passed(
        record: record, upgradedHash: upgradedHash, trustedCookie: trustedCookie,
        password: password))
  }

  /// Clears the count a verified attempt was charged to, inside the caller's transaction.
  func recordSuccess(_ passed: Passed, in context: any AuthStoreContext) throws(AuthError) {
    if let cookie = passed.trustedCookie {
      try context.saveDeviceCookieThrottle(.clear, tokenHash: cookie.hash)
    } else {
      try SignInThrottle(rules: policy.throttle).recordSuccess(
        for: passed.record.user.username, in: context)
    }
  }

  /// Counts one more attempt for an account whose password already passed (a second
  /// factor's code), on the count that password's attempt was charged to: its trusted
  /// device cookie, else the name. Answers whether the code may be judged.
  func reserveAgain(for passed: Passed) async throws(AuthError) -> Bool {
    let now = clock.now()
    let throttle = SignInThrottle(rules: policy.throttle)
    let userID = passed.record.user.id
    let name = passed.record.user.username
    let cookie = passed.trustedCookie?.hash
    return try await store.write { context throws(AuthError) in
      guard let record = try context.userRecord(id: userID), record.lock == nil,
        !record.isExpired(at: now)
      else {
        return false
      }
      if let cookie, let stored = try context.deviceCookie(tokenHash: cookie),
        stored.userID == userID, now < stored.expiresAt
      {
        guard let next = throttle.reserved(after: stored.throttle, at: now) else { return false }
        try context.saveDeviceCookieThrottle(next, tokenHash: cookie)
        return true
      }
      return try throttle.reserveAttempt(for: name, at: now, in: context)
    }
  }

  /// The first of `cookies` the store knows as bound to the account and not expired, with
  /// its stored state; the others (another account's on a shared device) are ignored.
  private static func validCookie(
    among cookies: [TokenHash], for record: UserRecord, at now: Date,
    in context: any AuthStoreContext
  ) throws(AuthError) -> (hash: TokenHash, stored: DeviceCookie)? {
    for cookie in cookies {
      if let stored = try context.deviceCookie(tokenHash: cookie),
        stored.userID == record.user.id, now < stored.expiresAt
      {
        return (hash: cookie, stored: stored)
      }
    }
    return nil
  }

  /// Verifies with the same work whatever is stored: the account's hash at the current
  /// cost as it is; a cheaper one, then (when wrong) padding up to the current cost's time
  /// (`padCheaper`);
  /// the dummy hash at the current cost for no account, a lock, a hash no password matches,
  /// one whose setting cannot be decoded, or one far costlier than the current cost by the
  /// one rule of what a stored hash may cost (`HashWorkRule`): refused unrun.
  private func verifyEqually(
    _ password: Password, _ attempt: SignInAttempt
  ) throws(AuthError) -> (
    verified: Bool, storedCost: StoredHashCost, legacyScheme: LegacyPasswordHash.Scheme?
  ) {
    guard case .allowed(let record?) = attempt else {
      _ = hasher.verify(password, against: try dummyHash.value())
      return (false, .current, nil)
    }
    let verdict = HashWorkRule.judge(
      record.passwordHash, currentWork: hasher.currentWork, at: .signIn)
    // The work of an Argon2id hash of authcli's own, read from its parameters.
    var ownWork: Int? = nil
    switch verdict {
    case .tooCostly:
      _ = hasher.verify(password, against: try dummyHash.value())
      return (false, .farCostlier, nil)
    case .undecodable:
      _ = hasher.verify(password, against: try dummyHash.value())
      return (false, .unreadable, nil)
    case .admitted(let legacy) where !legacy.scheme.isCurrent:
      if let verifier = legacyVerifier { return try verifyLegacy(password, legacy, with: verifier) }
    case .admitted(let own): ownWork = own.work
    case .notRead: break
    }
    let storedCost = hasher.storedCost(of: record.passwordHash)
    switch storedCost {
    case .current:
      return (hasher.verify(password, against: record.passwordHash), storedCost, nil)
    case .cheaper:
      let start = ContinuousClock.now
      let verified = hasher.verify(password, against: record.passwordHash)
      if !verified { padCheaper(record.passwordHash, work: ownWork, since: start) }
      return (verified, storedCost, nil)
    case .farCostlier, .unreadable:
      _ = hasher.verify(password, against: try dummyHash.value())
      return (false, storedCost, nil)
    }
  }

  /// Pads a wrong password on a cheaper hash of the hasher's own up to the time a verify at
  /// the current cost takes: by the time the hasher measured, as for a kept hash, when the
  /// hash states its work. Padding by the missing work alone falls short when the current
  /// cost is far above the stored one (a default-cost account on a store whose sign-in work
  /// was raised): Argon2id's time per KiB grows with its memory, so a verify at 64 MiB and a
  /// pad of 80 MiB end before one verify at 144 MiB (0.91 of it in figure 5). A process that
  /// has timed no verify at the current cost pads to the time the hasher scaled from this
  /// verify's own (`Argon2idHasher`), for the same reason.
  private func padCheaper(
    _ passwordHash: String, work: Int?, since start: ContinuousClock.Instant
  ) {
    guard let work else { return hasher.padVerification(after: passwordHash) }
    hasher.padVerification(afterWork: work, since: start)
  }

  /// A hash kept from another system, within the rule's limit: verified by its scheme, and
  /// a wrong password padded up to the time a verify at the current cost takes (the
  /// hasher's measure of it, or the scheme's work by the rate table before it has one), so
  /// that it answers in the time of an unknown name.
  private func verifyLegacy(
    _ password: Password, _ legacy: LegacyPasswordHash,
    with verifier: any LegacyPasswordVerifier
  ) throws(AuthError) -> (
    verified: Bool, storedCost: StoredHashCost, legacyScheme: LegacyPasswordHash.Scheme?
  ) {
    let work = verifier.work(of: legacy)
    // A hash the library refuses (or memory it cannot have) matches no password; the
    // time is padded as for a wrong one.
    let start = ContinuousClock.now
    let verified = (try? verifier.verify(password, against: legacy)) ?? false
    if !verified { hasher.padVerification(afterWork: work, since: start) }
    return (verified, .cheaper, verified ? legacy.scheme : nil)
  }

  /// Answers a check that is not judged (a lock): a verify against the dummy hash, for the
  /// same work, and its audit; nothing is counted.
  private func refuse(
    _ password: Password, _ attempt: SignInAttempt, of account: Account, for purpose: Purpose,
    caller: String?
  ) async throws(AuthError) -> Outcome {
    _ = try verifyEqually(password, attempt)
    let event = AuthEventDraft(
      time: clock.now(), kind: .signInFailed, userID: attempt.userID,
      username: account.canonicalName,
      detail: purpose.failureDetail(attempt, storedCost: .current, via: caller))
    try await store.write { context throws(AuthError) in try context.append(event) }
    switch attempt {
    case .lockedByOperator, .expired: return .refused(.lockedByOperator)
    case .locked, .allowed: return .refused(.throttled)
    }
  }

  /// Counts a judged failure on the count the attempt falls under (the trusted cookie's,
  /// else the name's) and audits it, in one write: a check that ends before this counts
  /// nothing.
  private func recordFailure(
    of attempt: SignInAttempt, detail: String, on cookie: TokenHash?, of account: Account
  ) async throws(AuthError) {
    let now = clock.now()
    let throttle = SignInThrottle(rules: policy.throttle)
    let event = AuthEventDraft(
      time: now, kind: .signInFailed, userID: attempt.userID, username: account.canonicalName,
      detail: detail)
    try await store.write { context throws(AuthError) in
      if let cookie, let stored = try context.deviceCookie(tokenHash: cookie) {
        try context.saveDeviceCookieThrottle(
          throttle.failed(after: stored.throttle, at: now), tokenHash: cookie)
      } else {
        try throttle.recordFailure(for: account.canonicalName, at: now, in: context)
      }
      try context.append(event)
    }
  }

  /// Looks at the attempt, counting nothing: whether a presented device cookie is valid
  /// for this account (and then its own count decides), else the name's count; answers which
  /// cookie was trusted. With `pruning`, in a write that also deletes a bounded number of
  /// expired rows; without, in a read.
  private func lookAtAttempt(
    for account: Account, cookies: [TokenHash], pruning: Bool
  ) async throws(AuthError) -> (SignInAttempt, TokenHash?) {
    let now = clock.now()
    let housekeeper = Housekeeper(throttle: policy.throttle)
    let batch = policy.housekeeping.rowsPerAttempt
    let look = { (context: any AuthStoreContext) throws(AuthError) -> (SignInAttempt, TokenHash?) in
      let record: UserRecord?
      switch account {
      case .named(let name): record = try context.userRecord(named: name)
      case .signedIn(let user): record = try context.userRecord(id: user.id)
      }
      // An operator's lock answers before the throttle: nothing is counted against a
      // name whose owner cannot sign in anyway.
      if let record, record.lock != nil { return (.lockedByOperator(record.user.id), nil) }
      // An expired account likewise: the same answer, the same work, its own audit reason.
      if let record, record.isExpired(at: now) { return (.expired(record.user.id), nil) }
      if let record,
        let valid = try Self.validCookie(among: cookies, for: record, at: now, in: context)
      {
        guard !valid.stored.throttle.isLocked(at: now) else {
          return (.locked(record.user.id), nil)
        }
        return (.allowed(record), valid.hash)
      }
      guard !(try context.throttleState(for: account.canonicalName)).isLocked(at: now) else {
        return (.locked(record?.user.id), nil)
      }
      return (.allowed(record), nil)
    }
    guard pruning else { return try await store.read(look) }
    return try await store.write { context throws(AuthError) in
      try housekeeper.prune(at: now, limit: batch, in: context)
      return try look(context)
    }
  }
}
