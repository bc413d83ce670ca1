// A hasher that wraps another (here to count hashes) forwards every requirement, the timing
// duties included: none of them has a default that would do the wrapped hasher's work.
import AuthCore
import Synchronization

/// Counts the hashes an `Argon2idHasher` (or any hasher) makes, and changes nothing else.
final class HashCountingHasher: PasswordHasher {
  private let wrapped: any PasswordHasher
  private let count = Mutex(0)

  init(wrapping hasher: any PasswordHasher) { wrapped = hasher }

  /// How many hashes were made so far.
  var hashes: Int { count.withLock { $0 } }

  func hash(_ password: Password) throws(PasswordHasherError) -> String {
    count.withLock { $0 += 1 }
    return try wrapped.hash(password)
  }
  func verify(_ password: Password, against passwordHash: String) -> Bool {
    wrapped.verify(password, against: passwordHash)
  }
  func needsRehash(_ passwordHash: String) -> Bool { wrapped.needsRehash(passwordHash) }
  func rehash(
    _ password: Password, upgrading passwordHash: String
  ) throws(PasswordHasherError) -> String {
    count.withLock { $0 += 1 }
    return try wrapped.rehash(password, upgrading: passwordHash)
  }
  func parameters(of passwordHash: String) -> String? { wrapped.parameters(of: passwordHash) }

  // The timing duties: a wrong password on an older, cheaper hash, on an imported hash, or
  // for a name with no account must take as long as on a current hash.
  func storedCost(of passwordHash: String) -> StoredHashCost {
    wrapped.storedCost(of: passwordHash)
  }
  func padVerification(after passwordHash: String) {
    wrapped.padVerification(after: passwordHash)
  }
  var currentWork: Int? { wrapped.currentWork }
  func padVerification(afterWork work: Int) { wrapped.padVerification(afterWork: work) }
  func padVerification(afterWork work: Int, since start: ContinuousClock.Instant) {
    wrapped.padVerification(afterWork: work, since: start)
  }
  func unmatchableHash() throws(PasswordHasherError) -> String {
    try wrapped.unmatchableHash()
  }
}
