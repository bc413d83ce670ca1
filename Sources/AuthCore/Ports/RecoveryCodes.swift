/// Makes single-use recovery codes and the hashes storage keeps of them.
///
/// The use cases rely on this: codes come from a cryptographically secure random source and
/// are distinct within a set; only `hash` of a code is stored, so a copy of the database
/// shows no code; a hash is bound to its account, so a hash copied into another account's
/// set matches nothing there; `firstMatch` compares a typed code with every stored hash in
/// constant time (no early exit), and the caller deletes the hash that matched, so a code
/// works once.
public protocol RecoveryCodeSource: Sendable {
  /// `count` distinct new codes.
  func makeCodes(count: Int) -> [RecoveryCode]
  /// The hash to store for a code of the account `userID`.
  func hash(_ code: RecoveryCode, of userID: UserID) -> RecoveryCodeHash
  /// The index in `hashes` (the account's set) of the hash of `code` for the account
  /// `userID`, or `nil`; every hash is compared.
  func firstMatch(
    of code: RecoveryCode, of userID: UserID, in hashes: [RecoveryCodeHash]
  ) -> Int?
}

/// A recovery code: 10 characters of Crockford's base32 alphabet (no `i`, `l`, `o` or `u`,
/// so none is mistaken for another), 50 random bits, shown as `xxxxx-xxxxx`. Printed
/// redacted.
public struct RecoveryCode: Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The 32 characters a code is made of, each standing for 5 bits.
  public static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
  /// Characters in a code (50 bits).
  public static let length = 10
  /// Codes in the set a user is given.
  public static let setSize = 10

  /// The code's 10 characters, lower case, without the hyphen.
  public let characters: String

  /// The code whose characters are these indices into `alphabet` (each below 32); `nil`
  /// unless there are exactly `length` of them.
  public init?(symbols: [UInt8]) {
    guard symbols.count == Self.length, symbols.allSatisfy({ $0 < 32 }) else { return nil }
    characters = String(decoding: symbols.map { Self.alphabet[Int($0)] }, as: UTF8.self)
  }

  /// The code a person typed: case, spaces and hyphens ignored, and `o`, `i` and `l` read
  /// as `0`, `1` and `1` (what they are mistaken for); `nil` unless 10 characters of the
  /// alphabet remain.
  public init?(typed text: String) {
    var symbols: [UInt8] = []
    for scalar in text.lowercased().unicodeScalars where scalar != " " && scalar != "-" {
      guard scalar.isASCII, symbols.count < Self.length else { return nil }
      let byte: UInt8
      switch scalar {
      case "o": byte = UInt8(ascii: "0")
      case "i", "l": byte = UInt8(ascii: "1")
      default: byte = UInt8(scalar.value)
      }
      guard let index = Self.alphabet.firstIndex(of: byte) else { return nil }
      symbols.append(UInt8(index))
    }
    self.init(symbols: symbols)
  }

  /// As shown to the user once: `xxxxx-xxxxx`.
  public var displayed: String {
    "\(characters.prefix(Self.length / 2))-\(characters.suffix(Self.length / 2))"
  }

  /// Redacted.
  public var description: String { "RecoveryCode(redacted)" }
  /// Redacted.
  public var debugDescription: String { description }
}

/// The hash of a recovery code, which is what storage keeps.
public struct RecoveryCodeHash: RawRepresentable, Hashable, Sendable {
  /// The hash's bytes.
  public let rawValue: [UInt8]
  /// Wraps hash bytes read from storage.
  public init(rawValue: [UInt8]) { self.rawValue = rawValue }
}
