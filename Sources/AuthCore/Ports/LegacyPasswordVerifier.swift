/// Verifies passwords against hashes kept from other systems (`LegacyPasswordHash`), each by
/// its own scheme, through a maintained library.
///
/// Duties of an implementation, for sign-in to answer a wrong password on a legacy hash
/// exactly as it answers an unknown name:
/// - **Constant-time comparison**: the computed checksum is compared with the stored one in
///   time that depends on neither where they differ nor how much of them agrees.
/// - **No early exit**: once `check(_:)` has accepted a hash, `verify` runs the scheme's
///   whole computation for every password, including one the scheme cannot take (too long,
///   or with a NUL byte), and answers `false` only after it; nothing tells which part failed.
/// - **Cost**: the time of `verify` is decided by `hash.scheme` and `hash.cost` (and, for
///   SHA-crypt, by the length of the password, which whoever types it knows already), never
///   by the stored checksum or how close the password is to it; so a timing equaliser can
///   measure each scheme at its cost and pad the difference up to the current Argon2id cost.
///
/// The password is taken as the UTF-8 of `Password.verbatim`, the text as typed: htpasswd,
/// crypt and Django hash the bytes they are given without normalising them, so a password
/// whose NFKC form differs (a full-width letter, a ligature) verifies as it was typed there.
/// CPU- and memory-heavy like `PasswordHasher`: call it from nonisolated async code.
public protocol LegacyPasswordVerifier: Sendable {
  /// Whether this verifier's library takes the hash's setting (its method and cost), as far
  /// as it can tell without hashing: an import calls it, so that a hash no password could
  /// ever match is refused when it arrives. What only hashing finds out (parameters the
  /// library cannot decode) `verify` still throws, before any password is compared.
  func check(_ hash: LegacyPasswordHash) throws(LegacyPasswordVerifierError)

  /// Whether `password` matches `hash`. Throws only when the hash cannot be verified at all
  /// (what `check(_:)` reports) or the memory it needs cannot be had; a wrong password is
  /// `false`, after the full work.
  func verify(
    _ password: Password, against hash: LegacyPasswordHash
  ) throws(LegacyPasswordVerifierError) -> Bool

  /// What one `verify` of `hash` costs, in the units of `PasswordHasher.currentWork`
  /// (Argon2id's KiB of memory × passes taking the same time): what sign-in pads a
  /// wrong password up from. Whether the hash may run at all is not this verifier's to
  /// say: `HashWorkRule` judges `LegacyPasswordHash.work`, which this should answer.
  func work(of hash: LegacyPasswordHash) -> Int
}

/// Why a legacy hash could not be verified.
public enum LegacyPasswordVerifierError: Error, Hashable, Sendable {
  /// The library refuses the hash's setting (a method it does not have, one it judges too
  /// weak, or a cost outside its limits): no password can be checked against it.
  case refusedByLibrary(LegacyPasswordHash.Scheme)
  /// The memory the hash's cost asks for could not be allocated.
  case outOfMemory
}
