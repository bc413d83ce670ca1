import AuthCore
import AuthCrypto
import Testing

/// What is stored must open in every later release: a box sealed once is pinned here, and the
/// key derivation and recovery-code hashes (both forms) are recomputed with Python's hashlib
/// (BLAKE2b with key, salt and personalisation, as libsodium's `crypto_kdf` defines it),
/// independently of libsodium.
@Suite struct SealingFormatTests {
  /// The key file 01 02 … 20.
  static let keyFile: [UInt8] = (1...32).map { UInt8($0) }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  static func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex)
    return stride(from: 0, to: digits.count, by: 2).compactMap {
      UInt8(String(digits[$0...$0 + 1]), radix: 16)
    }
  }

  /// "12345678901234567890" sealed for "user 1" under the key above by format version 1.
  static let pinnedBox = bytes(
    hex: "018bec265613fef5ad6b106937c8123e87cd6d21ef1d1b560a5231c27b2af572d6b992a3d5966644e4c8"
      + "228c7ba2529d60ddb503db1a09ab3f117eaec8917897d1f0ec0e87")

  @Test func aBoxOfFormatVersion1StillOpens() throws {
    let sealer = SodiumSecretSealer(key: try SealingKey(keyFileContents: Self.keyFile))
    #expect(
      try sealer.open(Self.pinnedBox, context: "user 1") == Array("12345678901234567890".utf8))
  }

  @Test(.enabled(if: Python.runsStandardLibraryTests, "needs Python 3"))
  func theKeyIdentifierAndRecoveryCodeHashesAreTheKDFsAsHashlibComputesThem() throws {
    let codes = SodiumRecoveryCodes(key: try SealingKey(keyFileContents: Self.keyFile))
    let set = codes.makeCodes(count: 5)
    let python = try Python.lines(
      """
      import hashlib, struct, sys
      master = bytes(range(1, 33))
      def subkey(number):
          return hashlib.blake2b(b"", digest_size=32, key=master,
                                 salt=struct.pack("<Q", number) + bytes(8),
                                 person=b"authcli-" + bytes(8)).digest()
      print(subkey(3)[:8].hex())
      for code in sys.stdin.read().split():
          print(hashlib.blake2b(code.encode(), digest_size=32, key=subkey(2),
                                salt=struct.pack(">q", 1234567) + bytes(8),
                                person=b"authcli-recovery").hexdigest(),
                hashlib.blake2b(code.encode(), digest_size=32, key=subkey(2)).hexdigest())
      """, input: set.map(\.characters).joined(separator: "\n"))
    try #require(python.count == 1 + set.count)
    #expect(Self.hex(Array(Self.pinnedBox[1..<9])) == python[0])
    let owner = UserID(rawValue: 1_234_567)
    for (code, expected) in zip(set, python.dropFirst()) {
      // The bound form, then the unbound one that sets made before binding hold.
      #expect(
        Self.hex(codes.hash(code, of: owner).rawValue) + " "
          + Self.hex(codes.unboundHash(code).rawValue) == expected)
    }
  }
}
