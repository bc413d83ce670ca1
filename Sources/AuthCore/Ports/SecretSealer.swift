/// Seals secrets that cannot be hashed (a TOTP secret must be read back to compute codes)
/// under a key kept outside the database, so that a copy of the database or a backup alone
/// yields no secret.
///
/// The use cases rely on this: a box opens only under the key and the context it was sealed
/// with; a box that was altered, cut short or moved to another context is refused as
/// `damaged`, one sealed under another key as `wrongKey` (so a front end can say which file
/// to look at), and a box of a format this sealer does not know as `unsupportedFormat`.
/// Sealing the same bytes twice gives different boxes.
public protocol SecretSealer: Sendable {
  /// A box holding `secret`, bound to `context` (for example the account's id, so a box
  /// copied to another account does not open there).
  func seal(_ secret: [UInt8], context: String) throws(SecretSealerError) -> [UInt8]
  /// The secret in a box sealed by `seal` under the same key and context.
  func open(_ box: [UInt8], context: String) throws(SecretSealerError) -> [UInt8]
}

/// Why a box could not be sealed or opened.
public enum SecretSealerError: Error, Hashable, Sendable {
  /// The box was sealed under another key.
  case wrongKey
  /// The box was altered, cut short, or sealed for another context.
  case damaged
  /// The box is of a format version this sealer does not read.
  case unsupportedFormat(version: UInt8)
  /// The library refused to seal, with its reason.
  case libraryFailure(String)
}
