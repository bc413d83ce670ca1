/// Why a hasher could not be made. (Hashing itself fails only as the port's
/// `PasswordHasherError`.)
public enum PasswordHashingError: Error, Hashable, Sendable {
  /// The cost is outside what libsodium accepts.
  case costOutOfRange(Argon2Cost)
}
