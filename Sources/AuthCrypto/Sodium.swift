import CSodium

/// libsodium set-up shared by every adapter in this module.
enum Sodium {
  /// `sodium_init` runs once: a `static let` is initialised lazily and
  /// thread-safely by the runtime, and libsodium allows repeated calls anyway.
  private static let initialized: Bool = sodium_init() >= 0

  /// Makes sure libsodium is ready (it picks its fastest code paths and seeds
  /// its random source here).
  static func ensureInitialized() throws(SodiumError) {
    guard initialized else { throw .initializationFailed }
  }
}

/// libsodium could not be used.
public enum SodiumError: Error, Hashable, Sendable {
  /// `sodium_init` failed, so no hashing or random bytes can be trusted.
  case initializationFailed
}
