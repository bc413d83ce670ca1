/// Why a password could not be hashed.
public enum PasswordHashingError: Error, Hashable, Sendable {
  /// The cost is outside what libsodium accepts.
  case costOutOfRange(Argon2Cost)
  /// The memory Argon2id asked for could not be allocated.
  case outOfMemory
}
