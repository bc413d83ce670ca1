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
  }

  private let wrapped: any PasswordHasher
  private let tally = Mutex(Counts())

  /// Wraps the hasher that does the real work.
  public init(wrapping hasher: any PasswordHasher) { wrapped = hasher }

  /// The calls so far.
  public var counts: Counts { tally.withLock { $0 } }

  /// Counts, then hashes with the wrapped hasher.
  public func hash(_ password: Password) throws -> String {
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
}
