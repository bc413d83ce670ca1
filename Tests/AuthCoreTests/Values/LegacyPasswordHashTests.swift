import AuthCore
import Testing

/// The parser of imported hashes: prefixes and `$`-separated fields, no hashing.
@Suite struct LegacyPasswordHashTests {
  static let bcryptTail = "$2b$12$" + String(repeating: "a", count: 53)
  static let sha512 =
    "$6$saltsalt$G9wFFnnUFCPffgjGaIp8t6onbqx3zGbMIn93ecLfBFGJpBV3/0HPLZ17qYbjb.WJDtXbmuMlQ9NnvzVms5ZXj."
  static let sha256 = "$5$DodF/PDpKyuPwWCv$PtauKIVnHqtCwbxMdqdxHCeryk4LSUb4KYuVfe1yx63"
  static let yescrypt = "$y$j9T$6OHTCPQbka.VKxtHa/KkS.$y8dpmsHtK/cLVzv1sEWZIa0/bCD3.v2lP//FYFuWMxD"
  static let pbkdf2 =
    "pbkdf2_sha256$1000000$5kF7Nw16xFBQ$MyvpKq0QcY2a6NZ4YJvXmLOlQc9JVSDetfMzv8LJ0NY="
  static let argon2 =
    "$argon2id$v=19$m=102400,t=2,p=8$bO1d631vba3VmtPae0/pfQ$SqpYpHPcr8QcOq9WrR0kL7fNjnsW9juZI08MRgHcSvg"

  static func refusal(_ text: String) -> LegacyPasswordHashError? {
    do {
      _ = try LegacyPasswordHash(parsing: text)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    (bcryptTail, LegacyPasswordHash.Scheme.bcrypt, LegacyHashCost.bcrypt(logRounds: 12)),
    ("$2y$05$" + String(repeating: "Z", count: 53), .bcrypt, .bcrypt(logRounds: 5)),
    ("$2a$31$" + String(repeating: ".", count: 53), .bcrypt, .bcrypt(logRounds: 31)),
    (sha512, .sha512Crypt, .shaCrypt(rounds: 5000)),
    (
      "$6$rounds=12000$abc$" + String(repeating: "x", count: 86), .sha512Crypt,
      .shaCrypt(rounds: 12000)
    ),
    (sha256, .sha256Crypt, .shaCrypt(rounds: 5000)),
    ("$5$$" + String(repeating: "x", count: 43), .sha256Crypt, .shaCrypt(rounds: 5000)),
    (yescrypt, .yescrypt, .yescrypt(log2N: 12, blockSize: 32, time: 0, lanes: 1)),
    (
      "$y$j75$bgHO6cSC0rmxkGiaXz559.$wu6ExnbJvvOrmkwijxvG1k3SvFuH0/bq/8Cmqy8Efh6", .yescrypt,
      .yescrypt(log2N: 10, blockSize: 8, time: 0, lanes: 1)
    ),
    (
      "$y$jFT$hB9f0aczAC92nS8pNSfqy0$A0rpes7VMtjzby6U1G6xLs/cJXSb3fyOtIRCOKMFxY6", .yescrypt,
      .yescrypt(log2N: 18, blockSize: 32, time: 0, lanes: 1)
    ),
    // The long form: a set of the optional fields that follow (p 1, t 2), then each in a
    // length its first character gives.
    (
      "$y$j9T/sQj$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt,
      .yescrypt(log2N: 12, blockSize: 32, time: 2400, lanes: 1)
    ),
    (
      "$y$j9T..$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt,
      .yescrypt(log2N: 12, blockSize: 32, time: 0, lanes: 2)
    ),
    (
      "$y$jbs4r0wIFiwAwz$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt,
      .yescrypt(log2N: 40, blockSize: 1000, time: 70000, lanes: 100_000)
    ),
    (
      "$y$jkCy/k.D$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt,
      .yescrypt(log2N: 63, blockSize: 1_000_000, time: 0, lanes: 1)
    ),
    (pbkdf2, .djangoPBKDF2SHA256, .pbkdf2(iterations: 1_000_000)),
    ("bcrypt_sha256$" + bcryptTail, .djangoBcryptSHA256, .bcrypt(logRounds: 12)),
    ("argon2" + argon2, .djangoArgon2id, .argon2(memoryKiB: 102400, passes: 2, lanes: 8)),
    (argon2, .argon2id, .argon2(memoryKiB: 102400, passes: 2, lanes: 8)),
    (
      "pbkdf2_sha1$260000$salt$" + String(repeating: "A", count: 27) + "=", .djangoPBKDF2SHA1,
      .pbkdf2(iterations: 260_000)
    ),
    (
      "scrypt$16384$salt$8$5$" + String(repeating: "A", count: 86) + "==", .djangoScrypt,
      .scrypt(log2N: 14, blockSize: 8, lanes: 5)
    ),
  ])
  func acceptedFormatsAreReadWithTheirCost(
    text: String, scheme: LegacyPasswordHash.Scheme, cost: LegacyHashCost
  ) throws {
    let hash = try LegacyPasswordHash(parsing: text)
    #expect(hash.scheme == scheme)
    #expect(hash.cost == cost)
    #expect(hash.text == text)
    #expect(hash.scheme.isCurrent == (scheme == .argon2id))
    // The prefix a report counts by names the scheme the parser reads, and only it.
    let named = LegacyPasswordHash.Scheme.storedPrefixes.filter { text.hasPrefix($0.prefix) }
    #expect(named.map(\.scheme) == [scheme])
  }

  @Test func everySchemeHasAStoredPrefixAndNoPrefixStartsAnother() {
    let prefixes = LegacyPasswordHash.Scheme.storedPrefixes
    #expect(Set(prefixes.map(\.scheme)) == Set(LegacyPasswordHash.Scheme.allCases))
    for (prefix, _) in prefixes {
      #expect(prefixes.filter { $0.prefix.hasPrefix(prefix) }.count == 1, "\(prefix)")
    }
  }

  @Test(arguments: [
    ("$apr1$TYke3ESQ$TjcVUQ5OPfBRS5rhMBESJ1", LegacyPasswordHashError.weak(.apacheMD5)),
    ("{SHA}GpHWL3ymc5liWkNopqtdSjuqYHM=", .weak(.sha1)),
    ("{SSHA}GpHWL3ymc5liWkNopqtdSjuqYHMabcd", .weak(.saltedSHA1)),
    ("jkE9Rq470gq/o", .weak(.desCrypt)),
    ("_J9..abcdAAAAAAAAAAA", .weak(.bsdiCrypt)),
    ("$1$abcdefgh$AAAAAAAAAAAAAAAAAAAAAA", .weak(.md5Crypt)),
    ("$3$$8846f7eaee8fb117ad06bdd830b7586c", .weak(.ntHash)),
    ("$md5$abc$", .weak(.sunMD5)),
    ("$sha1$40000$abc$def", .weak(.sha1Crypt)),
    ("$2x$05$" + String(repeating: "a", count: 53), .weak(.bcryptLegacy)),
    ("md5$salt$0123456789abcdef0123456789abcdef", .weak(.djangoDigest)),
    ("sha1$salt$0123456789abcdef0123456789abcdef01234567", .weak(.djangoDigest)),
    ("unsalted_md5$$0123456789abcdef0123456789abcdef", .weak(.djangoDigest)),
    ("0123456789abcdef0123456789abcdef", .weak(.djangoDigest)),
    ("crypt$$abAAAAAAAAAAA", .weak(.djangoDigest)),
    ("$7$CU..../....abc$def", .unsupported(.scryptCrypt)),
    ("$gy$j9T$abc$def", .unsupported(.gostYescrypt)),
    ("bcrypt$" + bcryptTail, .unsupported(.djangoBcrypt)),
    (
      "argon2$argon2i$v=19$m=512,t=2,p=2$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
      .unsupported(.otherArgon2)
    ),
    (
      "argon2$argon2id$m=512,t=2,p=2$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", .unsupported(.otherArgon2)
    ),
    ("$argon2i$v=19$m=512,t=2,p=2$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", .unsupported(.otherArgon2)),
    ("$argon2id$v=16$m=512,t=2,p=2$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", .unsupported(.otherArgon2)),
    ("", .empty),
    ("*", .locked(retainedHash: nil)),
    ("!", .locked(retainedHash: nil)),
    ("!!", .locked(retainedHash: nil)),
    ("*LK*", .locked(retainedHash: nil)),
    ("!$apr1$TYke3ESQ$TjcVUQ5OPfBRS5rhMBESJ1", .locked(retainedHash: nil)),
    ("plain text password", .unknown),
    ("$9$something", .unknown),
  ])
  func refusedFormatsSayWhy(text: String, refusal: LegacyPasswordHashError) {
    #expect(Self.refusal(text) == refusal, "\(text)")
  }

  @Test func aLockedEntryKeepsTheHashBehindItsLock() throws {
    for lock in ["!", "!!"] {
      let refusal = Self.refusal(lock + Self.sha512)
      guard case .locked(let retained?) = refusal else {
        Issue.record("\(lock): \(String(describing: refusal))")
        continue
      }
      #expect(retained.scheme == .sha512Crypt)
      #expect(retained.text == Self.sha512)
      #expect(refusal?.reason == "locked account (sha512-crypt)")
    }
    #expect(Self.refusal("*" + Self.sha512) == .locked(retainedHash: nil))
  }

  @Test(arguments: [
    ("$2b$3$" + String(repeating: "a", count: 54), LegacyPasswordHash.Scheme.bcrypt),
    ("$2b$32$" + String(repeating: "a", count: 53), .bcrypt),
    ("$2b$12$" + String(repeating: "a", count: 52), .bcrypt),
    ("$2b$12$" + String(repeating: "a", count: 52) + "+", .bcrypt),
    ("$6$abc$" + String(repeating: "x", count: 85), .sha512Crypt),
    ("$6$rounds=999$abc$" + String(repeating: "x", count: 86), .sha512Crypt),
    ("$6$rounds=$abc$" + String(repeating: "x", count: 86), .sha512Crypt),
    ("$6$rounds=5000$" + String(repeating: "x", count: 86), .sha512Crypt),
    ("$6$abcdefghijklmnopq$" + String(repeating: "x", count: 86), .sha512Crypt),
    ("$6$a b$" + String(repeating: "x", count: 86), .sha512Crypt),
    ("$5$abc$" + String(repeating: "x", count: 86), .sha256Crypt),
    ("$y$j9T$abc", .yescrypt),
    ("$y$j9$abc$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j9T$$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j9T..1$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j9T/$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j9Ts$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j9T1.$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j9T5.$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$.9T$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$zzzzzz$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j.T$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$jzzzzzzT$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j9Tz$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    ("$y$j9T-$abcdefgh$" + String(repeating: "x", count: 43), .yescrypt),
    (
      "$argon2id$v=19$m=4294967295,t=1,p=16777216$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", .argon2id
    ),
    ("$argon2id$v=19$m=15,t=1,p=2$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", .argon2id),
    ("pbkdf2_sha256$0$salt$" + String(repeating: "A", count: 43) + "=", .djangoPBKDF2SHA256),
    ("pbkdf2_sha256$-5$salt$" + String(repeating: "A", count: 43) + "=", .djangoPBKDF2SHA256),
    (
      "pbkdf2_sha256$4294967296$salt$" + String(repeating: "A", count: 43) + "=",
      .djangoPBKDF2SHA256
    ),
    ("pbkdf2_sha256$1000$$" + String(repeating: "A", count: 43) + "=", .djangoPBKDF2SHA256),
    ("pbkdf2_sha256$1000$salt$" + String(repeating: "A", count: 44), .djangoPBKDF2SHA256),
    ("pbkdf2_sha256$1000$salt", .djangoPBKDF2SHA256),
    // A SHA-256 checksum under the SHA-1 prefix, and the reverse.
    ("pbkdf2_sha1$1000$salt$" + String(repeating: "A", count: 43) + "=", .djangoPBKDF2SHA1),
    ("pbkdf2_sha256$1000$salt$" + String(repeating: "A", count: 27) + "=", .djangoPBKDF2SHA256),
    // Django's order is N, salt, r, p: the salt where N belongs is refused.
    ("scrypt$salt$1048576$8$1$" + String(repeating: "A", count: 86) + "==", .djangoScrypt),
    ("scrypt$12345$salt$8$1$" + String(repeating: "A", count: 86) + "==", .djangoScrypt),
    ("scrypt$1$salt$8$1$" + String(repeating: "A", count: 86) + "==", .djangoScrypt),
    ("scrypt$16384$salt$0$1$" + String(repeating: "A", count: 86) + "==", .djangoScrypt),
    ("scrypt$16384$salt$65536$16384$" + String(repeating: "A", count: 86) + "==", .djangoScrypt),
    ("scrypt$16384$$8$1$" + String(repeating: "A", count: 86) + "==", .djangoScrypt),
    ("scrypt$16384$salt$8$1$" + String(repeating: "A", count: 88), .djangoScrypt),
    ("scrypt$16384$salt$8$1", .djangoScrypt),
    ("bcrypt_sha256$" + String(repeating: "a", count: 60), .djangoBcryptSHA256),
    ("argon2" + "$argon2id$v=19$m=0,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", .djangoArgon2id),
    (
      "argon2" + "$argon2id$v=19$t=2,m=512,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA", .djangoArgon2id
    ),
    ("argon2$something", .djangoArgon2id),
    ("$argon2id$v=19$m=512,t=2,p=1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA", .argon2id),
    ("$argon2id$v=19$m=512,t=2,p=1$c2FsdHNhbHQ$aGFzaA", .argon2id),
    ("$argon2id$v=19$m=512,t=2,p=1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA", .argon2id),
    ("$argon2id$v=19$m=512,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA$", .argon2id),
  ])
  func malformedFieldsAreRefusedUnderTheirScheme(text: String, scheme: LegacyPasswordHash.Scheme) {
    let refusal = Self.refusal(text)
    guard case .malformed(let named, let detail) = refusal else {
      Issue.record("\(text): \(String(describing: refusal))")
      return
    }
    #expect(named == scheme, "\(text)")
    #expect(refusal?.reason == "malformed \(scheme.rawValue) hash: \(detail)")
  }

  @Test func theHashTextStaysOutOfDescriptions() throws {
    let hash = try LegacyPasswordHash(parsing: Self.sha512)
    for shown in [String(describing: hash), String(reflecting: hash), "\(hash)"] {
      #expect(!shown.contains("G9wFF"))
      #expect(shown.contains("sha512-crypt"))
    }
    #expect(!LegacyPasswordHashError.locked(retainedHash: hash).reason.contains("G9wFF"))
  }
}
