#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Hashes and verifies passwords. CPU- and memory-heavy by design; the use
/// cases call it from nonisolated async code, never from an actor serving other work.
public protocol PasswordHasher: Sendable {
  /// A self-describing hash string (PHC format, with its parameters and salt).
  func hash(_ password: Password) throws(PasswordHasherError) -> String
  /// Whether the password matches the stored hash; false for a malformed hash.
  func verify(_ password: Password, against passwordHash: String) -> Bool
  /// Whether the stored hash is below the current cost (memory or time) and should be
  /// made again; never for a hash at or above it, so a rehash only goes upward.
  func needsRehash(_ passwordHash: String) -> Bool
  /// How the stored hash's cost compares with the current one.
  func storedCost(of passwordHash: String) -> StoredHashCost
  /// After verifying a cheaper stored hash wrongly, works for as long as the difference
  /// between a verify at the current cost and that one, so that a dormant account with an
  /// old hash answers a wrong password as slowly as an unknown name.
  func padVerification(after passwordHash: String)
  /// A new hash of `password` that is at least the current cost and at least the stored
  /// hash's cost in every parameter (a rehash never lowers one).
  func rehash(
    _ password: Password, upgrading passwordHash: String
  ) throws(PasswordHasherError) -> String
  /// The cost parameters a hash carries, for the audit trail (for example
  /// `m=65536,t=2,p=1`); `nil` when it carries none this hasher reads.
  func parameters(of passwordHash: String) -> String?
  /// What one verify at the current cost costs, in Argon2id's KiB × passes (the unit
  /// `LegacyPasswordVerifier.work(of:)` answers in); `nil` for a hasher without a cost.
  var currentWork: Int? { get }
  /// After verifying a legacy hash of `work` units wrongly, works for as long as the
  /// rest of a verify at the current cost, as `padVerification(after:)` does.
  func padVerification(afterWork work: Int)
  /// After verifying a legacy hash of `work` units wrongly, a verify that began at `start`:
  /// works until as long has passed since `start` as a verify at the current cost takes
  /// on this machine, when the hasher has measured that; otherwise as
  /// `padVerification(afterWork:)` does.
  func padVerification(afterWork work: Int, since start: ContinuousClock.Instant)
  /// A well-formed hash at the current cost that no password matches, for the
  /// verify a sign-in runs when there is no account: the same work, every time.
  /// Must be cheap to make, or the first such sign-in in a process takes longer.
  func unmatchableHash() throws(PasswordHasherError) -> String
}

/// Why a hasher could not make a hash.
public enum PasswordHasherError: Error, Hashable, Sendable {
  /// The memory the hash needs could not be allocated.
  case outOfMemory
}

/// How a stored hash's cost stands against the hasher's current cost.
public enum StoredHashCost: Hashable, Sendable {
  /// At the current cost, or above it by no more than the tolerated factor.
  case current
  /// Below the current cost: verified, padded to the current cost's time when wrong,
  /// and rehashed upward after a success.
  case cheaper
  /// Far above the current cost (more than `farCostlierFactor` times its memory or time):
  /// refused as damaged without running it, since running it would take that much longer.
  case farCostlier
  /// Not a hash this hasher reads: no password matches it.
  case unreadable

  /// How many times the current memory or time a stored hash may ask for before it is
  /// taken for damage (or a planted hash meant to tie up the machine).
  public static let farCostlierFactor = 4
}

extension PasswordHasher {
  /// Cheaper when `needsRehash` says so, otherwise current: right for hashers without
  /// a notion of cost.
  public func storedCost(of passwordHash: String) -> StoredHashCost {
    needsRehash(passwordHash) ? .cheaper : .current
  }

  /// Nothing to pad for hashers without a notion of cost.
  public func padVerification(after passwordHash: String) {}

  /// No cost to compare with.
  public var currentWork: Int? { nil }

  /// Nothing to pad for hashers without a notion of cost.
  public func padVerification(afterWork work: Int) {}

  /// Pads by `work` alone, for hashers that time nothing.
  public func padVerification(afterWork work: Int, since start: ContinuousClock.Instant) {
    padVerification(afterWork: work)
  }

  /// A new hash at the current cost.
  public func rehash(
    _ password: Password, upgrading passwordHash: String
  ) throws(PasswordHasherError) -> String {
    try hash(password)
  }

  /// No parameters to name.
  public func parameters(of passwordHash: String) -> String? { nil }

  /// Hashes a random throwaway password: correct for any hasher, but it costs one
  /// hash, so hashers that can write their format directly should override it.
  public func unmatchableHash() throws(PasswordHasherError) -> String {
    var generator = SystemRandomNumberGenerator()
    let words = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }
    return try hash(Password(words.joined(separator: "-")))
  }
}

extension PasswordHasher {
  /// `hash(_:)`, its failure as the use cases throw it.
  func hashed(_ password: Password) throws(AuthError) -> String {
    do throws(PasswordHasherError) {
      return try hash(password)
    } catch {
      throw .hashing(error)
    }
  }
}
