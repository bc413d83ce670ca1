#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What every password check of a store costs, and why: the store's own setting
/// (`SignInWorkStore`), which an operator raises or fits to the hashes kept from other
/// systems, and which goes back to the default once the last kept hash above it is replaced
/// at sign-in.
public struct SignInWorkStatus: Hashable, Sendable {
  /// What every check costs now (Argon2id KiB × passes): the raised work, or the default.
  public let work: Int
  /// What a check costs when the store is not raised: the cost of new hashes.
  public let defaultWork: Int
  /// Whether the store keeps a raised work.
  public let raised: Bool
  /// How many kept hashes need more than the default (their work, with the rate table's
  /// margin: `HashWorkRule.neededSignInWork(for:)`).
  public let keptAboveDefault: Int
  /// The work of the dearest of them, `nil` when none.
  public let dearestKept: Int?
  /// The most sign-in work one of them needs, `nil` when none.
  public let keptNeed: Int?
  /// The most the work may be raised to.
  public let most: Int

  /// The work the kept hashes need: the most one of them needs, or the default.
  public var needed: Int { max(defaultWork, keptNeed ?? 0) }
}

/// Why the store's sign-in work was not changed.
public enum SignInWorkRefusal: Error, Hashable, Sendable {
  /// Above the most a sign-in may cost.
  case aboveMost(requested: Int, most: Int)
  /// Below the default: the cost of new hashes, which every check costs at the least.
  case belowDefault(requested: Int, defaultWork: Int)
  /// Below what the kept hashes need: a wrong password on the dearest would answer late.
  case belowKeptHashes(requested: Int, needed: Int)
  /// The hasher states no cost, so there is no work to raise.
  case noCost

  /// The refusal as a sentence.
  public var reason: String {
    switch self {
    case .aboveMost(let requested, let most):
      "\(requested) KiB × passes is above the most a sign-in may cost (\(most))"
    case .belowDefault(let requested, let defaultWork):
      "\(requested) KiB × passes is below the default (\(defaultWork)), the cost of new hashes"
    case .belowKeptHashes(let requested, let needed):
      "\(requested) KiB × passes is below what the kept hashes need (\(needed))"
    case .noCost: "the hasher states no cost"
    }
  }
}

/// Reads and sets the store's sign-in work (`authcli users sign-in-work`).
public struct SignInWorkService: Sendable {
  let store: any AuthStore
  let hasher: any PasswordHasher
  let clock: any WallClock

  /// Over one store and the hasher whose default cost the store goes back to.
  public init(store: any AuthStore, hasher: any PasswordHasher, clock: any WallClock) {
    self.store = store
    self.hasher = hasher
    self.clock = clock
  }

  /// The work now, the default, and what the kept hashes ask.
  @concurrent
  public func status() async throws(AuthError) -> SignInWorkStatus? {
    guard let defaultWork = hasher.defaultWork else { return nil }
    return try await store.read { context throws(AuthError) in
      try Self.status(defaultWork: defaultWork, in: context)
    }
  }

  /// Sets the work to `work` (`nil`: what the kept hashes need, which is the default when
  /// none needs more). Refused above `HashWorkRule.mostSignInWork`, below the default or
  /// below the kept hashes' need. A change is audited (`signInWorkChanged`). Answers the
  /// status before and after.
  @concurrent
  public func set(
    to work: Int?
  ) async throws(AuthError) -> Result<
    (before: SignInWorkStatus, after: SignInWorkStatus),
    SignInWorkRefusal
  > {
    guard let defaultWork = hasher.defaultWork else { return .failure(.noCost) }
    let now = clock.now()
    return try await store.write { context throws(AuthError) in
      let before = try Self.status(defaultWork: defaultWork, in: context)
      let target = work ?? before.needed
      if target > before.most { return .failure(.aboveMost(requested: target, most: before.most)) }
      if target < defaultWork {
        return .failure(.belowDefault(requested: target, defaultWork: defaultWork))
      }
      if target < before.needed {
        return .failure(.belowKeptHashes(requested: target, needed: before.needed))
      }
      try context.setRaisedSignInWork(target > defaultWork ? target : nil, at: now)
      let after = try Self.status(defaultWork: defaultWork, in: context)
      if after.work != before.work {
        let how = work == nil ? "fitted to the kept hashes" : "set by an operator"
        try context.append(
          AuthEventDraft(
            time: now, kind: .signInWorkChanged, userID: nil, username: nil,
            detail: "\(after.work > before.work ? "raised" : "lowered") from \(before.work) to "
              + "\(after.work) KiB × passes, \(how)"))
      }
      return .success((before, after))
    }
  }

  private static func status(
    defaultWork: Int, in context: any AuthStoreContext
  ) throws(AuthError) -> SignInWorkStatus {
    let raised = try context.raisedSignInWork()
    let kept = try KeptHashWork.above(defaultWork, in: context)
    return SignInWorkStatus(
      work: max(defaultWork, raised ?? 0), defaultWork: defaultWork, raised: raised != nil,
      keptAboveDefault: kept.count, dearestKept: kept.dearest, keptNeed: kept.needed,
      most: max(defaultWork, HashWorkRule.mostSignInWork))
  }
}
