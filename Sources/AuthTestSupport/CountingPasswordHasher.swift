import AuthCore
import Synchronization

/// Wraps a real hasher and counts the calls, so tests can prove that equal work
/// was done (for example a verify on every failed sign-in).
public final class CountingPasswordHasher: PasswordHasher {
  /// How often each method was called.
  public struct Counts: Hashable, Sendable {
    /// Calls to `hash`.
    public var hash = 0
    /// Calls to `verify`.
    public var verify = 0
    /// Calls to `needsRehash`.
    public var needsRehash = 0
    /// Calls to any of the `padVerification` methods.
    public var pad = 0
    /// The work each call to `padVerification(afterWork:since:)` was given, in order: the
    /// pads that end at the time the hasher measured.
    public var timedPadWorks: [Int] = []
  }

  private let wrapped: any PasswordHasher
  private let tally = Mutex(Counts())

  /// Wraps the hasher that does the real work.
  public init(wrapping hasher: any PasswordHasher) { wrapped = hasher }

  /// The calls so far.
  public var counts: Counts { tally.withLock { $0 } }

  /// Counts, then hashes with the wrapped hasher.
  public func hash(_ password: Password) throws(PasswordHasherError) -> String {
    tally.withLock { $0.hash += 1 }
    return try wrapped.hash(password)
  }

  /// Counts, then verifies with the wrapped hasher.
  public func verify(_ password: Password, against passwordHash: String) -> Bool {
    tally.withLock { $0.verify += 1 }
    return wrapped.verify(password, against: passwordHash)
  }

  /// Counts, then asks the wrapped hasher.
  public func needsRehash(_ passwordHash: String) -> Bool {
    tally.withLock { $0.needsRehash += 1 }
    return wrapped.needsRehash(passwordHash)
  }

  /// Asks the wrapped hasher.
  public func storedCost(of passwordHash: String) -> StoredHashCost {
    wrapped.storedCost(of: passwordHash)
  }

  /// Counts, then pads with the wrapped hasher.
  public func padVerification(after passwordHash: String) {
    tally.withLock { $0.pad += 1 }
    wrapped.padVerification(after: passwordHash)
  }

  /// Asks the wrapped hasher.
  public var currentWork: Int? { wrapped.currentWork }

  /// Asks the wrapped hasher.
  public var defaultWork: Int? { wrapped.defaultWork }

  /// Counts, then pads with the wrapped hasher.
  public func padVerification(afterWork work: Int) {
    tally.withLock { $0.pad += 1 }
    wrapped.padVerification(afterWork: work)
  }

  /// Counts, then pads with the wrapped hasher.
  public func padVerification(afterWork work: Int, since start: ContinuousClock.Instant) {
    tally.withLock {
      $0.pad += 1
      $0.timedPadWorks.append(work)
    }
    wrapped.padVerification(afterWork: work, since: start)
  }

  /// Counts as a hash, then rehashes with the wrapped hasher.
  public func rehash(
    _ password: Password, upgrading passwordHash: String
  ) throws(PasswordHasherError) -> String {
    tally.withLock { $0.hash += 1 }
    return try wrapped.rehash(password, upgrading: passwordHash)
  }

  /// Asks the wrapped hasher.
  public func parameters(of passwordHash: String) -> String? {
    wrapped.parameters(of: passwordHash)
  }

  /// Asks the wrapped hasher (whose unmatchable hash may cost nothing to make).
  public func unmatchableHash() throws(PasswordHasherError) -> String {
    try wrapped.unmatchableHash()
  }
}
