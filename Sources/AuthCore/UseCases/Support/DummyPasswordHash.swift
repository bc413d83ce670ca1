import Synchronization

/// A hash no password matches, at the hasher's current cost, made once, so that a
/// sign-in for a missing or locked account verifies against something and costs
/// the same time as a real one.
final class DummyPasswordHash: Sendable {
  private let hasher: any PasswordHasher
  private let cached = Mutex<String?>(nil)

  /// Remembers the hasher whose cost the dummy must match.
  init(hasher: any PasswordHasher) { self.hasher = hasher }

  /// The dummy hash, made on first use (outside the lock; two first callers may
  /// both make one, and either serves).
  func value() throws(AuthError) -> String {
    if let existing = cached.withLock({ $0 }) { return existing }
    let made: String
    do throws(PasswordHasherError) {
      made = try hasher.unmatchableHash()
    } catch {
      throw .hashing(error)
    }
    return cached.withLock { stored in
      if let stored { return stored }
      stored = made
      return made
    }
  }
}
