/// Reads a stored string's prefix and `$`-separated fields. Works on the UTF-8 bytes, since
/// every format read is ASCII: anything else fails an alphabet check as malformed.
enum LegacyHashParser {
  typealias Scheme = LegacyPasswordHash.Scheme
  typealias Parsed = (scheme: Scheme, cost: LegacyHashCost)

  /// The scheme and cost of `text`, or why it is refused.
  static func parse(_ text: String) throws(LegacyPasswordHashError) -> Parsed {
    guard let first = text.first else { throw .empty }
    if first == "!" || first == "*" { throw .locked(retainedHash: retainedHash(behind: text)) }
    if let refusal = refusal(of: text) { throw refusal }
    if text.hasPrefix("$2a$") || text.hasPrefix("$2b$") || text.hasPrefix("$2y$") {
      return (.bcrypt, try bcrypt(text, as: .bcrypt))
    }
    if text.hasPrefix("$6$") { return (.sha512Crypt, try shaCrypt(text, as: .sha512Crypt)) }
    if text.hasPrefix("$5$") { return (.sha256Crypt, try shaCrypt(text, as: .sha256Crypt)) }
    if text.hasPrefix("$y$") { return (.yescrypt, try yescrypt(text)) }
    if text.hasPrefix("$argon2id$") { return (.argon2id, try argon2id(text, as: .argon2id)) }
    if text.hasPrefix("pbkdf2_sha256$") {
      return (.djangoPBKDF2SHA256, try pbkdf2(text, as: .djangoPBKDF2SHA256))
    }
    if text.hasPrefix("pbkdf2_sha1$") {
      return (.djangoPBKDF2SHA1, try pbkdf2(text, as: .djangoPBKDF2SHA1))
    }
    if text.hasPrefix("scrypt$") { return (.djangoScrypt, try scrypt(text)) }
    if text.hasPrefix("bcrypt_sha256$") {
      // Django writes "bcrypt_sha256$" and then bcrypt's string, so two `$` in a row.
      let inner = String(text.dropFirst("bcrypt_sha256$".count))
      return (.djangoBcryptSHA256, try bcrypt(inner, as: .djangoBcryptSHA256))
    }
    if text.hasPrefix("argon2$") {
      // Django writes "argon2" and then the PHC string, which begins with its own `$`.
      let inner = String(text.dropFirst("argon2".count))
      if inner.hasPrefix("$argon2i$") || inner.hasPrefix("$argon2d$") {
        throw .unsupported(.otherArgon2)
      }
      guard inner.hasPrefix("$argon2id$") else {
        throw .malformed(.djangoArgon2id, detail: "no argon2id PHC string after argon2")
      }
      return (.djangoArgon2id, try argon2id(inner, as: .djangoArgon2id))
    }
    throw .unknown
  }

  /// The accepted hash behind a `!` lock (`!$6$…`, `!!$y$…`), if there is one.
  private static func retainedHash(behind text: String) -> LegacyPasswordHash? {
    guard text.first == "!" else { return nil }
    let rest = String(text.drop { $0 == "!" })
    guard !rest.isEmpty, !rest.hasPrefix("*"), let parsed = try? parse(rest) else { return nil }
    return LegacyPasswordHash(scheme: parsed.scheme, cost: parsed.cost, text: rest)
  }

  /// Prefixes of schemes refused whatever their fields say.
  private static let refusedPrefixes: [(String, LegacyPasswordHashError)] = [
    ("$apr1$", .weak(.apacheMD5)), ("$1$", .weak(.md5Crypt)), ("$3$", .weak(.ntHash)),
    ("$md5", .weak(.sunMD5)), ("$sha1$", .weak(.sha1Crypt)), ("$2x$", .weak(.bcryptLegacy)),
    ("$2$", .weak(.bcryptLegacy)), ("{SHA}", .weak(.sha1)), ("{SSHA}", .weak(.saltedSHA1)),
    ("md5$", .weak(.djangoDigest)), ("sha1$", .weak(.djangoDigest)),
    ("unsalted_md5$", .weak(.djangoDigest)), ("unsalted_sha1$", .weak(.djangoDigest)),
    ("crypt$", .weak(.djangoDigest)), ("$7$", .unsupported(.scryptCrypt)),
    ("$gy$", .unsupported(.gostYescrypt)), ("$argon2i$", .unsupported(.otherArgon2)),
    ("$argon2d$", .unsupported(.otherArgon2)), ("bcrypt$", .unsupported(.djangoBcrypt)),
  ]

  /// Why `text` is refused by its prefix or shape alone, if it is.
  private static func refusal(of text: String) -> LegacyPasswordHashError? {
    for (prefix, refusal) in refusedPrefixes where text.hasPrefix(prefix) { return refusal }
    let bytes = Array(text.utf8)
    // Traditional DES: two salt characters and eleven of checksum, all of crypt's alphabet.
    if bytes.count == 13, bytes.allSatisfy(isCrypt64) { return .weak(.desCrypt) }
    // BSDi: `_`, four characters of rounds, four of salt, eleven of checksum.
    if bytes.count == 20, bytes[0] == UInt8(ascii: "_"), bytes.dropFirst().allSatisfy(isCrypt64) {
      return .weak(.bsdiCrypt)
    }
    // Django's oldest unsalted MD5: 32 hexadecimal digits and nothing else.
    if bytes.count == 32, bytes.allSatisfy(isHexDigit) { return .weak(.djangoDigest) }
    return nil
  }

  // MARK: - The accepted schemes

  /// `$2b$NN$` + 22 characters of salt and 31 of checksum: 60 in all.
  private static func bcrypt(
    _ text: String, as scheme: Scheme
  ) throws(LegacyPasswordHashError)
    -> LegacyHashCost
  {
    let fields = dollarFields(text)
    guard fields.count == 4, ["2a", "2b", "2y"].contains(fields[1]) else {
      throw .malformed(scheme, detail: "not $2a$, $2b$ or $2y$ and three fields")
    }
    guard fields[2].count == 2, let logRounds = decimal(fields[2]), (4...31).contains(logRounds)
    else { throw .malformed(scheme, detail: "cost is not two digits from 04 to 31") }
    guard fields[3].utf8.count == 53, fields[3].utf8.allSatisfy(isCrypt64) else {
      throw .malformed(scheme, detail: "salt and checksum are not 53 characters of ./A-Za-z0-9")
    }
    return .bcrypt(logRounds: logRounds)
  }

  /// `$6$[rounds=N$]salt$checksum` (SHA-512, 86 characters of checksum) or `$5$…` (43).
  private static func shaCrypt(
    _ text: String, as scheme: Scheme
  ) throws(LegacyPasswordHashError)
    -> LegacyHashCost
  {
    let fields = dollarFields(text)
    let checksumLength = scheme == .sha512Crypt ? 86 : 43
    var rounds = 5000
    var rest = fields.dropFirst(2)
    if fields.count == 5 {
      guard fields[2].hasPrefix("rounds="),
        let value = decimal(fields[2].dropFirst("rounds=".count)),
        (1000...999_999_999).contains(value)
      else { throw .malformed(scheme, detail: "rounds is not rounds=1000 to 999999999") }
      rounds = value
      rest = rest.dropFirst()
    }
    guard rest.count == 2, let salt = rest.first, let checksum = rest.last,
      !salt.hasPrefix("rounds=")
    else { throw .malformed(scheme, detail: "not [rounds=N$]salt$checksum") }
    guard salt.utf8.count <= 16, salt.utf8.allSatisfy(isSaltByte) else {
      throw .malformed(scheme, detail: "salt is longer than 16 characters or not printable")
    }
    guard checksum.utf8.count == checksumLength, checksum.utf8.allSatisfy(isCrypt64) else {
      throw .malformed(
        scheme, detail: "checksum is not \(checksumLength) characters of ./A-Za-z0-9")
    }
    return .shaCrypt(rounds: rounds)
  }

  /// `$y$params$salt$checksum`, 43 characters of checksum, all of crypt's alphabet; the
  /// parameters are decoded whole (`YescryptSetting`), so that the cost counts every field.
  private static func yescrypt(_ text: String) throws(LegacyPasswordHashError) -> LegacyHashCost {
    let fields = dollarFields(text)
    guard fields.count == 5 else {
      throw .malformed(.yescrypt, detail: "not $y$parameters$salt$checksum")
    }
    guard !fields[3].isEmpty, fields[3].utf8.allSatisfy(isCrypt64) else {
      throw .malformed(.yescrypt, detail: "salt is empty or not of ./A-Za-z0-9")
    }
    guard fields[4].utf8.count == 43, fields[4].utf8.allSatisfy(isCrypt64) else {
      throw .malformed(.yescrypt, detail: "checksum is not 43 characters of ./A-Za-z0-9")
    }
    let setting = try YescryptSetting(decoding: fields[2])
    return .yescrypt(
      log2N: setting.log2N, blockSize: setting.blockSize, time: setting.time, lanes: setting.lanes)
  }

  /// `pbkdf2_sha256$iterations$salt$base64`, the checksum being 32 bytes in padded base64
  /// (`pbkdf2_sha1$…`: 20 bytes).
  private static func pbkdf2(
    _ text: String, as scheme: Scheme
  ) throws(LegacyPasswordHashError) -> LegacyHashCost {
    let fields = dollarFields(text)
    guard fields.count == 4 else {
      throw .malformed(scheme, detail: "not \(fields[0])$iterations$salt$checksum")
    }
    // The library takes a 32-bit count; a larger one is not a hash Django made.
    guard let iterations = decimal(fields[1]), iterations >= 1, iterations <= Int(UInt32.max)
    else { throw .malformed(scheme, detail: "iterations is not a number from 1 to 2^32 - 1") }
    guard !fields[2].isEmpty, fields[2].utf8.allSatisfy(isSaltByte) else {
      throw .malformed(scheme, detail: "salt is empty or not printable")
    }
    let bytes = scheme == .djangoPBKDF2SHA1 ? 20 : 32
    guard isPaddedBase64(fields[3], of: bytes) else {
      throw .malformed(scheme, detail: "checksum is not \(bytes) bytes of base64")
    }
    return .pbkdf2(iterations: iterations)
  }

  /// `scrypt$N$salt$r$p$base64`, N a power of two, the checksum 64 bytes in padded base64.
  /// N, r and p are bounded as scrypt bounds them (r × p below 2^30), and N below 2^32.
  private static func scrypt(_ text: String) throws(LegacyPasswordHashError) -> LegacyHashCost {
    let scheme = Scheme.djangoScrypt
    let fields = dollarFields(text)
    guard fields.count == 6 else {
      throw .malformed(scheme, detail: "not scrypt$N$salt$r$p$checksum")
    }
    guard let blocks = decimal(fields[1]), blocks > 1, blocks <= Int(UInt32.max),
      blocks & (blocks - 1) == 0
    else { throw .malformed(scheme, detail: "N is not a power of two from 2 to 2^31") }
    guard let blockSize = decimal(fields[3]), let lanes = decimal(fields[4]), blockSize >= 1,
      lanes >= 1, blockSize * lanes < 1 << 30
    else { throw .malformed(scheme, detail: "r and p are not at least 1 with r × p below 2^30") }
    guard !fields[2].isEmpty, fields[2].utf8.allSatisfy(isSaltByte) else {
      throw .malformed(scheme, detail: "salt is empty or not printable")
    }
    guard isPaddedBase64(fields[5], of: 64) else {
      throw .malformed(scheme, detail: "checksum is not 64 bytes of base64")
    }
    return .scrypt(log2N: blocks.trailingZeroBitCount, blockSize: blockSize, lanes: lanes)
  }

  /// Whether `field` is exactly `bytes` bytes in standard base64 with its padding.
  private static func isPaddedBase64(_ field: Substring, of bytes: Int) -> Bool {
    let characters = Array(field.utf8)
    let padding = (3 - bytes % 3) % 3
    let length = (bytes + 2) / 3 * 4
    return characters.count == length
      && characters.suffix(padding).allSatisfy { $0 == UInt8(ascii: "=") }
      && characters.dropLast(padding).allSatisfy(isBase64)
  }

  /// `$argon2id$v=19$m=M,t=T,p=P$salt$checksum`, salt and checksum in unpadded base64.
  private static func argon2id(
    _ text: String, as scheme: Scheme
  ) throws(LegacyPasswordHashError)
    -> LegacyHashCost
  {
    let fields = dollarFields(text)
    guard fields.count == 6, fields[2].hasPrefix("v=") else {
      // Argon2's first version wrote no `v=`; libsodium verifies only version 19.
      throw fields.count == 5
        ? .unsupported(.otherArgon2) : .malformed(scheme, detail: "not six fields")
    }
    guard fields[2] == "v=19" else { throw .unsupported(.otherArgon2) }
    let pairs = fields[3].split(separator: ",", omittingEmptySubsequences: false)
    let names = pairs.map { $0.prefix { $0 != "=" } }
    let values = pairs.map { pair in decimal(pair.drop { $0 != "=" }.dropFirst()) }
    guard names == ["m", "t", "p"], let memory = values[0], let passes = values[1],
      let lanes = values[2], memory > 0, passes > 0, lanes > 0,
      memory <= Int(UInt32.max), passes <= Int(UInt32.max), lanes <= Int(UInt32.max)
    else { throw .malformed(scheme, detail: "parameters are not m=…,t=…,p=…") }
    // Argon2 takes 1 to 2^24 - 1 lanes of 8 KiB at least each; libsodium refuses the rest
    // unrun, so no cost could be stated for them.
    guard lanes < 1 << 24, memory >= 8 * lanes else {
      throw .malformed(scheme, detail: "p is above 2^24 - 1 or m below 8 KiB per lane")
    }
    // At least 8 bytes of salt and 16 of checksum, the least Argon2 takes.
    for (field, least) in [(fields[4], 11), (fields[5], 22)] {
      guard field.utf8.count >= least, field.utf8.count % 4 != 1, field.utf8.allSatisfy(isBase64)
      else { throw .malformed(scheme, detail: "salt or checksum is not unpadded base64") }
    }
    return .argon2(memoryKiB: memory, passes: passes, lanes: lanes)
  }

  // MARK: - Fields and alphabets

  /// The fields between `$` signs, empty ones included (`$6$s$h` is "", "6", "s", "h").
  private static func dollarFields(_ text: String) -> [Substring] {
    text.split(separator: "$", omittingEmptySubsequences: false)
  }

  /// A decimal number of ASCII digits alone (no sign, no space), below 10^12.
  private static func decimal(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy(isDigit) else { return nil }
    return Int(text)
  }

  static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// crypt's alphabet, `./0-9A-Za-z` (bcrypt uses the same characters in another order).
  static func isCrypt64(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || isDigit(byte) || isLetter(byte)
  }

  /// Standard base64's alphabet without the padding.
  private static func isBase64(_ byte: UInt8) -> Bool {
    isDigit(byte) || isLetter(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
  }

  /// A printable ASCII character other than the field separators `$` and `:`.
  private static func isSaltByte(_ byte: UInt8) -> Bool {
    (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "$") && byte != UInt8(ascii: ":")
  }
}
