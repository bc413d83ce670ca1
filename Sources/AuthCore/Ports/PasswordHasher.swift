#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Hashes and verifies passwords. CPU- and memory-heavy by design; the use
/// cases call it from nonisolated async code, never from an actor serving other work.
///
/// Besides hashing and verifying, a hasher carries sign-in's timing defences: a wrong
/// password on a cheaper stored hash (`storedCost`, `padVerification(after:)`), on an
/// imported legacy hash (`currentWork`, `padVerification(afterWork:)`) and on no account
/// at all (`unmatchableHash`) must take as long as on a current hash, so that the time of
/// an answer tells nothing about the account. Those requirements have no default on
/// purpose: a hasher that wraps another (to count, log or measure) must forward each of
/// them, and a default that did nothing would drop the defence without a word. A hasher
/// without a notion of cost answers `.current`, `nil` and pads nothing, as docs/library.md
/// shows; only `parameters(of:)`, which the audit trail alone reads, has a default.
public protocol PasswordHasher: Sendable {
  /// A self-describing hash string (PHC format, with its parameters and salt).
  func hash(_ password: Password) throws(PasswordHasherError) -> String
  /// Whether the password matches the stored hash; false for a malformed hash. Takes the
  /// same time whichever part of the password is wrong (a constant-time comparison).
  func verify(_ password: Password, against passwordHash: String) -> Bool
  /// Whether the stored hash is below the current cost (memory or time) and should be
  /// made again; never for a hash at or above it, so a rehash only goes upward.
  func needsRehash(_ passwordHash: String) -> Bool
  /// How the stored hash's cost compares with the current one. Timing duty: a hash
  /// answered `.cheaper` is padded after a wrong password, one answered `.farCostlier` is
  /// refused without running it; a hasher without a cost answers `.current`.
  func storedCost(of passwordHash: String) -> StoredHashCost
  /// Timing duty: after verifying a cheaper stored hash wrongly, works for as long as the
  /// difference between a verify at the current cost and that one, so that a dormant
  /// account with an old hash answers a wrong password as slowly as an unknown name.
  /// A hasher without a cost does nothing here.
  func padVerification(after passwordHash: String)
  /// A new hash of `password` that is at least the current cost and at least the stored
  /// hash's cost in every parameter (a rehash never lowers one). A hasher without a cost
  /// answers `hash(password)`.
  func rehash(
    _ password: Password, upgrading passwordHash: String
  ) throws(PasswordHasherError) -> String
  /// The cost parameters a hash carries, for the audit trail (for example
  /// `m=65536,t=2,p=1`); `nil` when it carries none this hasher reads. The default
  /// answers `nil`.
  func parameters(of passwordHash: String) -> String?
  /// Timing duty: what one verify at the current cost costs, in Argon2id's KiB × passes
  /// (the unit `LegacyPasswordVerifier.work(of:)` answers in), from which sign-in pads a
  /// wrong password on an imported hash; `nil` for a hasher without a cost, and then
  /// imported hashes are not padded.
  var currentWork: Int? { get }
  /// The work of a check when the store's sign-in work is not raised (the cost of new
  /// hashes, in the units of `currentWork`): a kept hash above it is what keeps the store
  /// raised. The default answers `currentWork`.
  var defaultWork: Int? { get }
  /// Timing duty: after verifying a legacy hash of `work` units wrongly, works for as long
  /// as the rest of a verify at the current cost, as `padVerification(after:)` does.
  /// A hasher without a cost does nothing here.
  func padVerification(afterWork work: Int)
  /// Timing duty: after verifying a legacy hash of `work` units wrongly, a verify that
  /// began at `start`, works until as long has passed since `start` as a verify at the
  /// current cost takes on this machine, when the hasher has measured that; otherwise as
  /// `padVerification(afterWork:)` does. A hasher without a cost does nothing here.
  func padVerification(afterWork work: Int, since start: ContinuousClock.Instant)
  /// Dummy-hash duty: a well-formed hash at the current cost that no password matches,
  /// for the verify a sign-in runs when there is no account: the same work, every time.
  /// Must be cheap to make (write the format directly, with random salt and checksum), or
  /// the first such sign-in in a process takes one hash longer than the others.
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
  /// Far above the current cost (more than `farCostlierFactor` times its work, memory ×
  /// passes, as `HashWorkRule` counts it): refused as damaged without running it, since
  /// running it would take that much longer.
  case farCostlier
  /// Not a hash this hasher reads: no password matches it.
  case unreadable

  /// How many times the current work a stored hash may ask for before it is taken for
  /// damage (or a planted hash meant to tie up the machine).
  public static let farCostlierFactor = 4
}

extension PasswordHasher {
  /// No parameters to name: the audit trail records none. The audit trail alone reads it.
  public func parameters(of passwordHash: String) -> String? { nil }

  /// A hasher whose checks are not raised above its new hashes' cost.
  public var defaultWork: Int? { currentWork }
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
