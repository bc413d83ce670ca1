import AuthCore

extension LegacyHashVerifier {
  /// A verification's cost in Argon2id's KiB × passes taking the same time, from the hash's
  /// stated cost and the time each scheme takes per unit of it relative to libsodium's
  /// Argon2id, measured on x86-64 (`WorkRates`). An import refuses a hash above the
  /// current cost, whose wrong passwords could not be answered in equal time; sign-in pads
  /// a wrong password from this only until the hasher has timed a verify at the current
  /// cost in the process, and from then on by time (`Argon2idHasher.padVerification(afterWork:since:)`).
  public func work(of hash: LegacyPasswordHash) -> Int {
    let rates = WorkRates.self
    let units: Double =
      switch hash.cost {
      case .bcrypt(let logRounds): rates.bcryptPerRound * Double(1 << min(logRounds, 31))
      case .shaCrypt(let rounds):
        (hash.scheme == .sha256Crypt ? rates.sha256CryptPerRound : rates.sha512CryptPerRound)
          * Double(rounds)
      case .yescrypt(_, let memoryKiB):
        rates.yescryptPerKiB * Double(memoryKiB ?? rates.yescryptUnstatedKiB)
      case .pbkdf2(let iterations): rates.pbkdf2PerIteration * Double(iterations)
      case .argon2(let memoryKiB, let passes, let lanes):
        (lanes > 1 ? rates.argon2LanesFactor : 1) * Double(memoryKiB) * Double(passes)
      }
    return units >= Double(Int.max) ? Int.max : Int(units.rounded())
  }
}

/// Argon2id KiB × passes per unit of each scheme's stated cost: the rate whose Argon2id pad
/// (the current work less the scheme's) ends a wrong password at the time of one verify at
/// 64 MiB, 2 passes, timed as sign-in runs them, the scheme's verify then the pad.
/// `script/work-rates` measures them; bcrypt, yescrypt and PBKDF2 were set from its runs on
/// an AMD EPYC on 2 December 2026. A plain ratio of verify times misses how the pad runs: a
/// smaller Argon2id stays more in the cache, and one that follows another scheme's work
/// runs slower. Such rates still move between machines (bcrypt and SHA-crypt are bound by
/// the processor, Argon2id by memory and cache size), which is why sign-in pads by measured
/// time as soon as it has a measure; the table decides what an import admits, and the
/// padding of a process's first sign-ins, before any verify at the current cost has run.
enum WorkRates {
  /// One round of bcrypt's key schedule (2^cost rounds).
  static let bcryptPerRound = 72.0
  /// One round of SHA-512-crypt.
  static let sha512CryptPerRound = 0.8
  /// One round of SHA-256-crypt.
  static let sha256CryptPerRound = 0.8
  /// One KiB of yescrypt's memory (128 × N × r bytes) at its usual time parameter.
  static let yescryptPerKiB = 1.95
  /// yescrypt's memory when its long-form parameters state none readable here: its default.
  static let yescryptUnstatedKiB = 16_384
  /// One HMAC-SHA256 iteration of PBKDF2 (two SHA-256 compressions and their setup).
  static let pbkdf2PerIteration = 0.185
  /// Argon2 over several lanes, computed one lane after another by libsodium (smaller
  /// lanes stay in cache longer, so a KiB costs less than in one lane).
  static let argon2LanesFactor = 0.86
}
