import AuthCore
import SodiumLibrary

/// Argon2id password hashing through libsodium's `crypto_pwhash_str` family.
///
/// The hash is a PHC string (`$argon2id$v=19$m=…,t=…,p=1$salt$hash`) carrying its
/// own cost and 16-byte random salt, so costs can rise later: `needsRehash`
/// notices older hashes and sign-in upgrades them. The bytes hashed are the
/// UTF-8 of `Password.normalized` (NFKC). Copies this type makes are wiped with
/// `sodium_memzero`; the Swift `String` the password arrived in cannot be wiped.
public struct Argon2idHasher: PasswordHasher {
  /// The cost of new hashes.
  public let cost: Argon2Cost
  /// The cost every password check is answered in: `cost`, or more when the store's
  /// sign-in work was raised (`init(cost:signInWork:)`). The dummy hash, the padding of a
  /// cheaper hash and of a kept one, and the measured time all follow it; new hashes do not.
  public let signInCost: Argon2Cost
  /// How long this hasher's verifies at the current cost took, for padding (see
  /// `padVerification(afterWork:since:)`).
  let times = VerifyTimes()
  /// libsodium, opened when the hasher is made.
  let sodium: LibSodium

  /// Prepares libsodium and checks the cost. The default is `.interactive`. With
  /// `signInWork` (Argon2id KiB × passes, the store's raised work), every check is answered
  /// in that work: the memory of `signInCost` is raised to it at `cost`'s passes, never
  /// lowered below `cost`'s.
  public init(cost: Argon2Cost = .interactive, signInWork: Int? = nil) throws {
    sodium = try Sodium.library()
    guard cost.isWithinLibraryLimits else { throw PasswordHashingError.costOutOfRange(cost) }
    self.cost = cost
    let signInCost = Self.signInCost(hashing: cost, work: signInWork)
    guard signInCost.isWithinLibraryLimits else {
      throw PasswordHashingError.costOutOfRange(signInCost)
    }
    self.signInCost = signInCost
  }

  /// A hasher at a cost already checked, with the libsodium of a hasher that exists; used
  /// for the new hashes of a rehash only.
  init(checkedCost cost: Argon2Cost, sodium: LibSodium) {
    self.sodium = sodium
    self.cost = cost
    self.signInCost = cost
  }

  /// `cost` with its memory raised until memory × passes reaches `work`.
  static func signInCost(hashing cost: Argon2Cost, work: Int?) -> Argon2Cost {
    guard let work, cost.opsLimit > 0 else { return cost }
    let passes = Int(cost.opsLimit)
    let memoryKiB = (work + passes - 1) / passes
    return Argon2Cost(opsLimit: cost.opsLimit, memLimit: max(cost.memLimit, memoryKiB * 1024))
  }

  /// Hashes with a fresh salt at the current cost.
  public func hash(_ password: Password) throws(PasswordHasherError) -> String {
    var output = [CChar](repeating: 0, count: sodium.passwordHashStringBytes())
    let status = withWipedUTF8(of: password, orIfUnaddressable: -1) { bytes, count in
      sodium.passwordHashString(&output, bytes, count, cost.opsLimit, cost.memLimit)
    }
    // The cost was checked in `init`, so the only failure left is allocation.
    guard status == 0 else { throw .outOfMemory }
    let end = output.firstIndex(of: 0) ?? output.endIndex
    return String(decoding: output[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether the password matches; false for a malformed hash, and false if
  /// Argon2id cannot get the memory the stored hash asks for.
  /// A verify at the current cost is timed (`VerifyTimes`); a wrong password on a cheaper
  /// hash, before the first such time, leaves an estimate scaled from its own.
  public func verify(_ password: Password, against passwordHash: String) -> Bool {
    let timed = isAtCurrentCost(passwordHash)
    let start = ContinuousClock.now
    let matched = passwordHash.withCString { stored in
      withWipedUTF8(of: password, orIfUnaddressable: false) { bytes, count in
        sodium.passwordHashVerify(stored, bytes, count) == 0
      }
    }
    let elapsed = ContinuousClock.now - start
    if timed {
      times.record(elapsed)
    } else if !matched {
      estimateCurrentCost(from: elapsed, of: passwordHash)
    }
    return matched
  }

  /// Runs `body` on a copy of the password's UTF-8 bytes and their count, then
  /// zeroes the copy. A trailing NUL keeps the copy non-empty, so it always has
  /// an address and `fallback` is never used in practice.
  private func withWipedUTF8<Result>(
    of password: Password, orIfUnaddressable fallback: Result,
    _ body: (UnsafePointer<CChar>, UInt64) -> Result
  ) -> Result {
    var bytes = [CChar]()
    bytes.reserveCapacity(password.normalized.utf8.count + 1)
    for byte in password.normalized.utf8 { bytes.append(CChar(bitPattern: byte)) }
    bytes.append(0)
    defer { bytes.withUnsafeMutableBytes { sodium.memzero($0.baseAddress, $0.count) } }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let address = buffer.baseAddress else { return fallback }
      return body(address, UInt64(buffer.count - 1))
    }
  }
}
