import AuthCore
import AuthCrypto
import Testing

@Suite struct Argon2idHasherTests {
  private let password = Password("correct horse battery staple")

  @Test func hashIsAnArgon2idPHCStringWithItsCost() throws {
    let hasher = try Argon2idHasher(cost: .minimum)
    let hash = try hasher.hash(password)
    #expect(hash.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
    #expect(!hash.contains("horse"))
  }

  @Test func verifyAcceptsOnlyTheSamePassword() throws {
    let hasher = try Argon2idHasher(cost: .minimum)
    let hash = try hasher.hash(password)
    #expect(hasher.verify(password, against: hash))
    #expect(!hasher.verify(Password("correct horse battery stapler"), against: hash))
    #expect(!hasher.verify(Password(""), against: hash))
    #expect(!hasher.verify(password, against: "not a hash"))
  }

  @Test func saltsDifferSoEqualPasswordsHashDifferently() throws {
    let hasher = try Argon2idHasher(cost: .minimum)
    #expect(try hasher.hash(password) != hasher.hash(password))
  }

  @Test func verifyComparesTheNormalisedForm() throws {
    let hasher = try Argon2idHasher(cost: .minimum)
    let hash = try hasher.hash(Password("caf\u{E9} con leche, por favor"))
    #expect(hasher.verify(Password("cafe\u{301} con leche, por favor"), against: hash))
  }

  @Test func aRaisedSignInWorkRaisesEveryCheckButNotNewHashes() throws {
    // The minimum's 8 KiB at one pass, raised to 64 KiB × passes: the dummy hash, the
    // padding and the measure are at 64 KiB; a new hash stays at 8 KiB.
    let hasher = try Argon2idHasher(cost: .minimum, signInWork: 64)
    #expect(hasher.currentWork == 64)
    #expect(hasher.defaultWork == 8)
    #expect(try hasher.unmatchableHash().hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
    let hash = try hasher.hash(password)
    #expect(hash.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
    // Padded at a wrong password up to the raised work, and never made again for it.
    #expect(hasher.storedCost(of: hash) == .cheaper)
    #expect(!hasher.needsRehash(hash))
    // Below the cost of new hashes it is still made again.
    let older = try Argon2idHasher(cost: .minimum).hash(password)
    let dearer = try Argon2idHasher(
      cost: Argon2Cost(opsLimit: 1, memLimit: 16 * 1024), signInWork: 64)
    #expect(dearer.needsRehash(older))
    // Not raised: the sign-in cost is the hashing cost.
    let plain = try Argon2idHasher(cost: .minimum)
    #expect(plain.currentWork == plain.defaultWork)
    #expect(plain.signInCost == plain.cost)
  }

  @Test func needsRehashWhenTheCostDiffers() throws {
    let cheap = try Argon2idHasher(cost: .minimum)
    let dearer = try Argon2idHasher(
      cost: Argon2Cost(opsLimit: 2, memLimit: Argon2Cost.minimum.memLimit * 4))
    let hash = try cheap.hash(password)
    #expect(!cheap.needsRehash(hash))
    #expect(dearer.needsRehash(hash))
    // Never downward: the cheaper hasher leaves a dearer hash alone.
    #expect(!cheap.needsRehash(try dearer.hash(password)))
    #expect(!cheap.needsRehash("garbage"))
    #expect(cheap.storedCost(of: "garbage") == .unreadable)
  }

  @Test func storedCostsAreJudgedAgainstTheCurrentOne() throws {
    let current = try Argon2idHasher(cost: Argon2Cost(opsLimit: 2, memLimit: 64 * 1024))
    func phc(_ parameters: String, _ algorithm: String = "argon2id") -> String {
      "$\(algorithm)$v=19$\(parameters)$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"
    }
    #expect(current.storedCost(of: phc("m=64,t=2,p=1")) == .current)
    #expect(current.storedCost(of: phc("m=32,t=2,p=1")) == .cheaper)
    #expect(current.storedCost(of: phc("m=64,t=1,p=1")) == .cheaper)
    #expect(current.storedCost(of: phc("m=64,t=2,p=1", "argon2i")) == .cheaper)
    // Up to four times the work (memory × passes) is tolerated, more is damage.
    #expect(current.storedCost(of: phc("m=256,t=2,p=1")) == .current)
    #expect(current.storedCost(of: phc("m=128,t=4,p=1")) == .current)
    #expect(current.storedCost(of: phc("m=256,t=8,p=1")) == .farCostlier)
    #expect(current.storedCost(of: phc("m=257,t=2,p=1")) == .farCostlier)
    #expect(current.storedCost(of: phc("m=64,t=9,p=1")) == .farCostlier)
    #expect(current.parameters(of: phc("m=32,t=3,p=1")) == "m=32,t=3,p=1")
  }

  @Test func aRehashKeepsEveryParameterAtLeastWhereItWas() throws {
    let current = try Argon2idHasher(cost: Argon2Cost(opsLimit: 2, memLimit: 16 * 1024))
    // More memory than the current cost, fewer passes: the rehash raises the passes only.
    let stored = try Argon2idHasher(cost: Argon2Cost(opsLimit: 1, memLimit: 32 * 1024))
      .hash(password)
    #expect(current.needsRehash(stored))
    let made = try current.rehash(password, upgrading: stored)
    #expect(current.parameters(of: made) == "m=32,t=2,p=1")
    #expect(current.verify(password, against: made))
    #expect(!current.needsRehash(made))
  }

  // The parameters as libsodium writes them: m in KiB (8 KiB and 64 MiB), t passes, p=1.
  @Test(arguments: [
    (Argon2Cost.minimum, "m=8,t=1,p=1"), (.interactive, "m=65536,t=2,p=1"),
  ])
  func unmatchableHashIsWellFormedAtTheCurrentCostAndMatchesNothing(
    cost: Argon2Cost, parameters: String
  ) throws {
    let hasher = try Argon2idHasher(cost: cost)
    let dummy = try hasher.unmatchableHash()
    let real = try Argon2idHasher(cost: .minimum).hash(password)
    #expect(dummy.hasPrefix("$argon2id$v=19$\(parameters)$"))
    // libsodium parses it as a hash of exactly this cost (it answers "needs rehash"
    // for anything it cannot parse), so verify runs Argon2id in full against it.
    #expect(!hasher.needsRehash(dummy))
    #expect(
      dummy.split(separator: "$").suffix(2).map(\.count)
        == real.split(separator: "$").suffix(2).map(\.count))
    #expect(try dummy != hasher.unmatchableHash())
    if cost == .minimum {
      #expect(!hasher.verify(password, against: dummy))
      #expect(!hasher.verify(Password(""), against: dummy))
    }
  }

  @Test func defaultCostIsAtLeastInteractive() throws {
    let hasher = try Argon2idHasher()
    #expect(hasher.cost == .interactive)
    #expect(hasher.cost.opsLimit >= 2)
    #expect(hasher.cost.memLimit >= 64 * 1024 * 1024)
  }

  @Test func costsOutsideTheLibraryLimitsAreRefused() {
    let tooSmall = Argon2Cost(opsLimit: 0, memLimit: 1024)
    #expect(throws: PasswordHashingError.costOutOfRange(tooSmall)) {
      try Argon2idHasher(cost: tooSmall)
    }
  }
}
