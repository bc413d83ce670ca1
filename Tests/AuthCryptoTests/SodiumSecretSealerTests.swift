import AuthCore
import AuthCrypto
import Testing

/// Sealing TOTP secrets under the key kept outside the database.
@Suite struct SodiumSecretSealerTests {
  let key: SealingKey
  let sealer: SodiumSecretSealer
  let secret: [UInt8] = Array("12345678901234567890".utf8)

  init() throws {
    key = try SealingKey(keyFileContents: try SealingKey.newKeyFileContents())
    sealer = SodiumSecretSealer(key: key)
  }

  @Test func aBoxOpensToItsSecretAndNeverRepeats() throws {
    let box = try sealer.seal(secret, context: "user 1")
    #expect(try sealer.open(box, context: "user 1") == secret)
    // Version, key identifier, nonce, MAC, then the ciphertext.
    #expect(box.count == 1 + 8 + 24 + 16 + secret.count)
    #expect(box.first == SodiumSecretSealer.version)
    #expect(!box.indices.dropLast(secret.count - 1).contains { box[$0...].starts(with: secret) })
    #expect(try sealer.seal(secret, context: "user 1") != box)
    #expect(try sealer.open(try sealer.seal([], context: ""), context: "") == [])
  }

  @Test func theSameKeyFileOpensWhatAnEqualKeySealed() throws {
    let contents = try SealingKey.newKeyFileContents()
    let box = try SodiumSecretSealer(key: try SealingKey(keyFileContents: contents))
      .seal(secret, context: "user 1")
    let again = SodiumSecretSealer(key: try SealingKey(keyFileContents: contents))
    #expect(try again.open(box, context: "user 1") == secret)
  }

  @Test func anotherKeyIsTheWrongKey() throws {
    let box = try sealer.seal(secret, context: "user 1")
    let other = SodiumSecretSealer(
      key: try SealingKey(keyFileContents: try SealingKey.newKeyFileContents()))
    #expect(throws: SecretSealerError.wrongKey) { try other.open(box, context: "user 1") }
  }

  @Test func anyAlteredByteOfNonceMACOrCiphertextIsDamage() throws {
    let box = try sealer.seal(secret, context: "user 1")
    for index in 9..<box.count {
      var altered = box
      altered[index] ^= 0x01
      #expect(throws: SecretSealerError.damaged, "byte \(index)") {
        try sealer.open(altered, context: "user 1")
      }
    }
  }

  @Test func anAlteredKeyIdentifierReadsAsAnotherKey() throws {
    var box = try sealer.seal(secret, context: "user 1")
    box[3] ^= 0x80
    #expect(throws: SecretSealerError.wrongKey) { try sealer.open(box, context: "user 1") }
  }

  @Test func anotherContextIsDamage() throws {
    let box = try sealer.seal(secret, context: "user 1")
    #expect(throws: SecretSealerError.damaged) { try sealer.open(box, context: "user 2") }
  }

  @Test func aBoxCutShortOrEmptyIsDamage() throws {
    let box = try sealer.seal(secret, context: "user 1")
    for count in [0, 1, 9, 33, 48, box.count - 1] {
      #expect(throws: SecretSealerError.damaged, "\(count) bytes") {
        try sealer.open(Array(box.prefix(count)), context: "user 1")
      }
    }
  }

  @Test func anotherVersionIsAnUnsupportedFormat() throws {
    var box = try sealer.seal(secret, context: "user 1")
    box[0] = 2
    #expect(throws: SecretSealerError.unsupportedFormat(version: 2)) {
      try sealer.open(box, context: "user 1")
    }
  }

  @Test func keyFilesAre32RandomBytesAndOthersAreRefused() throws {
    let contents = try SealingKey.newKeyFileContents()
    #expect(contents.count == SealingKey.byteCount)
    #expect(contents != (try SealingKey.newKeyFileContents()))
    #expect(throws: SealingKeyError.wrongLength(31)) {
      try SealingKey(keyFileContents: Array(contents.prefix(31)))
    }
    #expect(throws: SealingKeyError.wrongLength(33)) {
      try SealingKey(keyFileContents: contents + [0])
    }
    #expect(throws: SealingKeyError.allZero) {
      try SealingKey(keyFileContents: [UInt8](repeating: 0, count: 32))
    }
  }
}
