import AuthCore
import AuthCrypto
import Foundation
import Testing

/// Passwords the imported hashes are made of: ASCII, non-ASCII already in NFKC (as the
/// verifier hashes `Password.normalized`), and one longer than bcrypt's 72 bytes.
enum LegacyPasswords {
  static let all = [
    "correct horse battery staple",
    "Grüße aus Köln — naïve café 🔐",
    String(repeating: "long passphrase ", count: 6) + "end",
  ]

  /// A wrong password close to `password`: its first character changed (bcrypt reads only
  /// the first 72 bytes, as the systems that made these hashes did).
  static func wrong(_ password: String) -> String { "?" + password.dropFirst() }

  /// Parses `text`, recording an issue when it is refused.
  static func parse(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> LegacyPasswordHash? {
    do {
      return try LegacyPasswordHash(parsing: text)
    } catch {
      Issue.record("refused (\(error.reason)): \(text)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// The reason `text` is refused, or `nil` when it is accepted.
  static func refusal(of text: String) -> LegacyPasswordHashError? {
    do {
      _ = try LegacyPasswordHash(parsing: text)
      return nil
    } catch {
      return error
    }
  }

  /// Checks that `text` is read as `scheme`, that `password` matches it and that a wrong one,
  /// the right one with a NUL and more after it, a far longer one and an empty one do not.
  static func expectVerifies(
    _ text: String, as scheme: LegacyPasswordHash.Scheme, password: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let verifier = try LegacyHashVerifier()
    guard let hash = parse(text, sourceLocation: sourceLocation) else { return }
    #expect(hash.scheme == scheme, sourceLocation: sourceLocation)
    try verifier.check(hash)
    #expect(
      try verifier.verify(Password(password), against: hash), "\(scheme) \(text)",
      sourceLocation: sourceLocation)
    #expect(
      try !verifier.verify(Password(wrong(password)), against: hash), "\(scheme) \(text)",
      sourceLocation: sourceLocation)
    #expect(
      try !verifier.verify(Password(password + "\u{0}more"), against: hash), "\(scheme) \(text)",
      sourceLocation: sourceLocation)
    // Longer than crypt takes (512 bytes): hashed cut, and refused, whatever its start.
    let long = password + String(repeating: "x", count: 600)
    #expect(
      try !verifier.verify(Password(long), against: hash), "\(scheme) \(text)",
      sourceLocation: sourceLocation)
    #expect(
      try !verifier.verify(Password(""), against: hash), "\(scheme) \(text)",
      sourceLocation: sourceLocation)
  }
}

@Suite struct LegacyHashVerifierTests {
  let verifier: LegacyHashVerifier

  init() throws {
    verifier = try LegacyHashVerifier()
  }

  @Test func authcliOwnArgon2idHashesVerifyAsTheCurrentScheme() throws {
    let hasher = try Argon2idHasher(cost: .minimum)
    for password in LegacyPasswords.all {
      let text = try hasher.hash(Password(password))
      try LegacyPasswords.expectVerifies(text, as: .argon2id, password: password)
      #expect(LegacyPasswords.parse(text)?.scheme.isCurrent == true)
    }
  }

  @Test func settingsTheLibraryRefusesAreReportedBeforeAnyWork() throws {
    let checksum = String(repeating: "A", count: 43)
    // Argon2 asks for at least 8 KiB per lane: refused with the fields, before any library.
    #expect(
      throws: LegacyPasswordHashError.malformed(
        .argon2id, detail: "p is above 2^24 - 1 or m below 8 KiB per lane")
    ) {
      try LegacyPasswordHash(parsing: "$argon2id$v=19$m=8,t=1,p=2$c2FsdHNhbHRzYWx0$\(checksum)")
    }
    // A yescrypt salt libxcrypt cannot decode (one character, not a whole byte):
    // crypt_checksalt judges the method and parameters only, so crypt itself refuses it.
    let yescrypt = try LegacyPasswordHash(parsing: "$y$j9T$a$\(checksum)")
    #expect(throws: LegacyPasswordVerifierError.refusedByLibrary(.yescrypt)) {
      try verifier.verify(Password("anything at all here"), against: yescrypt)
    }
  }

  @Test func aDamagedChecksumMatchesNoPassword() throws {
    let hasher = try Argon2idHasher(cost: .minimum)
    let text = try hasher.hash(Password("correct horse battery staple"))
    let damaged = String(text.dropLast()) + (text.last == "A" ? "B" : "A")
    let hash = try LegacyPasswordHash(parsing: damaged)
    #expect(try !verifier.verify(Password("correct horse battery staple"), against: hash))
  }
}

/// SHA-crypt hashes made by OpenSSL's `openssl passwd`.
@Suite(.enabled(if: Tool.runsOpenSSLTests, "needs openssl (script/setup)"))
struct OpenSSLPasswdTests {
  @Test(arguments: [
    ("-6", LegacyPasswordHash.Scheme.sha512Crypt), ("-5", LegacyPasswordHash.Scheme.sha256Crypt),
  ])
  func shaCryptHashesVerify(option: String, scheme: LegacyPasswordHash.Scheme) throws {
    for password in LegacyPasswords.all {
      let text = try Tool.line("openssl", ["passwd", option, "-stdin"], input: password + "\n")
      try LegacyPasswords.expectVerifies(text, as: scheme, password: password)
    }
  }

  @Test(arguments: [("-1", WeakPasswordScheme.md5Crypt), ("-apr1", WeakPasswordScheme.apacheMD5)])
  func md5HashesAreRefusedAsWeak(option: String, weak: WeakPasswordScheme) throws {
    let text = try Tool.line("openssl", ["passwd", option, "-stdin"], input: "password\n")
    #expect(LegacyPasswords.refusal(of: text) == .weak(weak), "\(text)")
  }

  @Test func aLockedShadowEntryKeepsItsHashForAnImportThatKeepsLockedAccounts() throws {
    let text = try Tool.line("openssl", ["passwd", "-6", "-stdin"], input: "password\n")
    let refusal = LegacyPasswords.refusal(of: "!" + text)
    guard case .locked(let retained) = refusal else {
      Issue.record("not refused as locked: \(String(describing: refusal))")
      return
    }
    #expect(retained?.scheme == .sha512Crypt)
    #expect(retained?.text == text)
  }
}

/// yescrypt, bcrypt and SHA-512-crypt with rounds made by `mkpasswd` (Debian's whois).
@Suite(.enabled(if: Tool.runsMkpasswdTests, "needs mkpasswd (script/setup installs whois)"))
struct MkpasswdTests {
  @Test(arguments: [
    (["-m", "yescrypt"], LegacyPasswordHash.Scheme.yescrypt),
    (["-m", "yescrypt", "-R", "3"], .yescrypt),
    (["-m", "bcrypt", "-R", "5"], .bcrypt),
    (["-m", "bcrypt-a", "-R", "5"], .bcrypt),
    (["-m", "sha512crypt", "-R", "12000"], .sha512Crypt),
    (["-m", "sha256crypt"], .sha256Crypt),
  ])
  func hashesVerify(options: [String], scheme: LegacyPasswordHash.Scheme) throws {
    for password in LegacyPasswords.all {
      let text = try Tool.line("mkpasswd", options + ["-s"], input: password + "\n")
      try LegacyPasswords.expectVerifies(text, as: scheme, password: password)
    }
  }

  @Test func costsAreReadFromTheFields() throws {
    let yescrypt = try Tool.line("mkpasswd", ["-m", "yescrypt", "-s"], input: "password\n")
    // libxcrypt's default yescrypt cost: N = 4096, r = 32, 16 MiB.
    #expect(
      LegacyPasswords.parse(yescrypt)?.cost
        == .yescrypt(log2N: 12, blockSize: 32, time: 0, lanes: 1))
    let bcrypt = try Tool.line("mkpasswd", ["-m", "bcrypt", "-R", "6", "-s"], input: "password\n")
    #expect(LegacyPasswords.parse(bcrypt)?.cost == .bcrypt(logRounds: 6))
    let sha = try Tool.line(
      "mkpasswd", ["-m", "sha512crypt", "-R", "12000", "-s"], input: "password\n")
    #expect(LegacyPasswords.parse(sha)?.cost == .shaCrypt(rounds: 12000))
  }

  @Test(arguments: [("descrypt", WeakPasswordScheme.desCrypt), ("md5crypt", .md5Crypt)])
  func weakMethodsAreRefused(method: String, weak: WeakPasswordScheme) throws {
    let text = try Tool.line("mkpasswd", ["-m", method, "-s"], input: "password\n")
    #expect(LegacyPasswords.refusal(of: text) == .weak(weak), "\(text)")
  }
}

/// htpasswd lines made by Apache's `htpasswd`.
@Suite(.enabled(if: Tool.runsHtpasswdTests, "needs htpasswd (script/setup installs apache2-utils)"))
struct HtpasswdTests {
  /// The hash of the `user:hash` line htpasswd prints.
  static func hash(_ options: [String], _ password: String) throws -> String {
    let line = try Tool.line("htpasswd", ["-ni"] + options + ["user"], input: password + "\n")
    return String(line.drop { $0 != ":" }.dropFirst())
  }

  @Test func bcryptLinesVerify() throws {
    for password in LegacyPasswords.all {
      let text = try Self.hash(["-B", "-C", "5"], password)
      #expect(text.hasPrefix("$2y$05$"))
      try LegacyPasswords.expectVerifies(text, as: .bcrypt, password: password)
    }
  }

  @Test(arguments: [
    (["-m"], WeakPasswordScheme.apacheMD5), (["-s"], .sha1), (["-d"], .desCrypt),
  ])
  func weakLinesAreRefusedWithTheirReason(options: [String], weak: WeakPasswordScheme) throws {
    let text = try Self.hash(options, "password")
    let refusal = LegacyPasswords.refusal(of: text)
    #expect(refusal == .weak(weak), "\(text)")
    #expect(refusal?.reason == "weak scheme: \(weak.name)")
  }
}

/// Django's formats made by Python's passlib (with the bcrypt and argon2-cffi back ends).
@Suite(.enabled(if: Python.runsPasslibTests, "needs Python's passlib, bcrypt and argon2-cffi"))
struct PasslibDjangoTests {
  /// One hash per password, made by the passlib expression `handler` (`.hash` is called).
  static func hashes(_ handler: String, of passwords: [String]) throws -> [String] {
    let input = String(decoding: try JSONEncoder().encode(passwords), as: UTF8.self)
    let lines = try Python.lines(
      """
      import json, sys, warnings
      warnings.simplefilter("ignore")
      from passlib import hash
      for password in json.loads(sys.stdin.read()):
          print(hash.\(handler).hash(password))
      """, input: input)
    try #require(lines.count == passwords.count)
    return lines
  }

  @Test(arguments: [
    ("django_pbkdf2_sha256", LegacyPasswordHash.Scheme.djangoPBKDF2SHA256),
    ("django_pbkdf2_sha256.using(rounds=1000000)", .djangoPBKDF2SHA256),
    ("django_bcrypt_sha256.using(rounds=6)", .djangoBcryptSHA256),
    ("django_argon2.using(type='ID')", .djangoArgon2id),
  ])
  func djangoHashesVerify(handler: String, scheme: LegacyPasswordHash.Scheme) throws {
    let passwords = LegacyPasswords.all
    for (password, text) in zip(passwords, try Self.hashes(handler, of: passwords)) {
      try LegacyPasswords.expectVerifies(text, as: scheme, password: password)
    }
  }

  @Test func djangoArgon2AtDjangosOwnCostVerifiesWithItsEightLanes() throws {
    let password = "correct horse battery staple"
    let handler = "django_argon2.using(type='ID', memory_cost=102400, rounds=2, parallelism=8)"
    let text = try #require(try Self.hashes(handler, of: [password]).first)
    #expect(text.hasPrefix("argon2$argon2id$v=19$m=102400,t=2,p=8$"))
    try LegacyPasswords.expectVerifies(text, as: .djangoArgon2id, password: password)
    #expect(LegacyPasswords.parse(text)?.cost == .argon2(memoryKiB: 102400, passes: 2, lanes: 8))
  }

  @Test func bcryptSHA256TellsApartPasswordsThatDifferAfterByte72() throws {
    let long = LegacyPasswords.all[2]
    #expect(long.utf8.count > 72)
    let text = try #require(
      try Self.hashes("django_bcrypt_sha256.using(rounds=5)", of: [long]).first)
    let hash = try LegacyPasswordHash(parsing: text)
    #expect(try LegacyHashVerifier().verify(Password(long), against: hash))
    #expect(try !LegacyHashVerifier().verify(Password(long + "x"), against: hash))
  }

  @Test(arguments: [
    ("apr_md5_crypt", LegacyPasswordHashError.weak(.apacheMD5)),
    ("md5_crypt", .weak(.md5Crypt)),
    ("des_crypt", .weak(.desCrypt)),
    ("bsdi_crypt", .weak(.bsdiCrypt)),
    ("ldap_sha1", .weak(.sha1)),
    ("ldap_salted_sha1", .weak(.saltedSHA1)),
    ("django_salted_md5", .weak(.djangoDigest)),
    ("django_salted_sha1", .weak(.djangoDigest)),
    ("django_des_crypt", .weak(.djangoDigest)),
    ("hex_md5", .weak(.djangoDigest)),
    ("django_bcrypt.using(rounds=5)", .unsupported(.djangoBcrypt)),
    ("django_argon2.using(type='I')", .unsupported(.otherArgon2)),
  ])
  func refusedFormatsAreRefusedWithTheirReason(
    handler: String, refusal: LegacyPasswordHashError
  ) throws {
    let text = try #require(try Self.hashes(handler, of: ["password"]).first)
    #expect(LegacyPasswords.refusal(of: text) == refusal, "\(handler): \(text)")
  }
}
