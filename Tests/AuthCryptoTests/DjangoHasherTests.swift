import AuthCore
import AuthCrypto
import AuthTestSupport
import Foundation
import Testing

/// Hashes made by Django's own hashers (Django 5.2's `make_password`, each at its default
/// cost), read, costed and verified here through libsodium and Nettle.
@Suite(.enabled(if: Python.shouldRun(needing: "django"), "needs Django (script/setup)"))
struct DjangoHasherTests {
  /// `make_password` of each password with the hasher named by its algorithm.
  static func hashes(_ algorithm: String, of passwords: [String]) throws -> [String] {
    let input = String(decoding: try JSONEncoder().encode(passwords), as: UTF8.self)
    let lines = try Python.lines(
      """
      import json, sys
      \(DjangoSettings.everyHasher)
      from django.contrib.auth.hashers import make_password
      for password in json.loads(sys.stdin.read()):
          print(make_password(password, hasher="\(algorithm)"))
      """, input: input)
    try #require(lines.count == passwords.count)
    return lines
  }

  @Test(arguments: [
    (
      "scrypt", LegacyPasswordHash.Scheme.djangoScrypt,
      LegacyHashCost.scrypt(log2N: 14, blockSize: 8, lanes: 5)
    ),
    ("pbkdf2_sha1", .djangoPBKDF2SHA1, .pbkdf2(iterations: 1_000_000)),
  ])
  func djangosOwnHashesVerify(
    algorithm: String, scheme: LegacyPasswordHash.Scheme, cost: LegacyHashCost
  ) throws {
    let passwords = LegacyPasswords.all
    for (password, text) in zip(passwords, try Self.hashes(algorithm, of: passwords)) {
      try LegacyPasswords.expectVerifies(text, as: scheme, password: password)
      #expect(LegacyPasswords.parse(text)?.cost == cost)
    }
  }

  @Test func eachDefaultOfDjango52CostsAboveTheDefaultAndWithinTheMost() throws {
    let interactive = 65536 * 2
    for algorithm in ["pbkdf2_sha256", "pbkdf2_sha1", "argon2", "bcrypt_sha256", "scrypt"] {
      let text = try #require(try Self.hashes(algorithm, of: ["password"]).first)
      let hash = try #require(LegacyPasswords.parse(text))
      #expect(hash.work > interactive, "\(algorithm): \(hash.work)")
      // With the rate table's margin too: a raise admits every one of them.
      let needed = HashWorkRule.neededSignInWork(for: hash)
      #expect(needed > hash.work && needed <= HashWorkRule.mostSignInWork, "\(algorithm)")
    }
  }

  @Test func aDamagedScryptChecksumMatchesNothing() throws {
    let text = try #require(try Self.hashes("scrypt", of: ["password"]).first)
    // The same length of base64, another checksum: read, run in full, and refused.
    var fields = text.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
    fields[5] = String(repeating: "A", count: 86) + "=="
    let hash = try #require(LegacyPasswords.parse(fields.joined(separator: "$")))
    #expect(try !LegacyHashVerifier().verify(Password("password"), against: hash))
  }
}
