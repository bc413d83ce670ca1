extension LegacyPasswordHash {
  /// What one verification of this hash costs, in Argon2id's KiB × passes taking the same
  /// time (`LegacyHashCost.work(for:)`).
  public var work: Int { cost.work(for: scheme) }
}

extension LegacyHashCost {
  /// A verification's cost in Argon2id's KiB × passes taking the same time, from every field
  /// of the setting and the time each scheme takes per unit of it relative to libsodium's
  /// Argon2id, measured on x86-64 (`WorkRates`). Counted in floating point and capped at
  /// `Int.max`, so that no stated cost, however large, wraps around to a small one.
  /// `HashWorkRule` compares it with the current cost; sign-in pads a wrong password from it
  /// until the hasher has timed a verify at the current cost in the process, and from then
  /// on by time.
  public func work(for scheme: LegacyPasswordHash.Scheme) -> Int {
    let rates = WorkRates.self
    let units: Double =
      switch self {
      case .bcrypt(let logRounds):
        rates.bcryptPerRound * Double(sign: .plus, exponent: logRounds, significand: 1)
      case .shaCrypt(let rounds):
        (scheme == .sha256Crypt ? rates.sha256CryptPerRound : rates.sha512CryptPerRound)
          * Double(rounds)
      case .yescrypt(let log2N, let blockSize, let time, let lanes):
        // 128 × N × r bytes, in KiB.
        rates.yescryptPerKiB * Double(sign: .plus, exponent: log2N, significand: 1)
          * Double(blockSize) / 8 * Self.yescryptPasses(time: time) * Double(lanes)
      case .pbkdf2(let iterations):
        (scheme == .djangoPBKDF2SHA1 ? rates.pbkdf2SHA1PerIteration : rates.pbkdf2PerIteration)
          * Double(iterations)
      case .scrypt(let log2N, let blockSize, let lanes):
        // 128 × N × r bytes per lane, in KiB; each lane fills its memory and reads it again.
        rates.scryptPerKiB * Double(sign: .plus, exponent: log2N, significand: 1)
          * Double(blockSize) / 8 * Double(lanes)
      case .argon2(let memoryKiB, let passes, let lanes):
        (lanes > 1 ? rates.argon2LanesFactor : 1) * Double(memoryKiB) * Double(passes)
      }
    return units >= Double(Int.max) ? Int.max : Int(units.rounded())
  }

  /// yescrypt's work at time `time` against its default (t = 0), which the rate was measured
  /// at. Its read-write mode fills the memory once and then reads it a third of the way more
  /// at t = 0, two thirds at t = 1, and t - 1 times over from t = 2: 4/3, 5/3 and t passes.
  /// Its lanes (p) are counted as whole passes each, an upper bound: libxcrypt runs them one
  /// after another, each with its own S-box, over a share of the memory.
  static func yescryptPasses(time: Int) -> Double {
    let passes: Double =
      switch time {
      case 0: 4.0 / 3
      case 1: 5.0 / 3
      default: Double(time)
      }
    return passes / (4.0 / 3)
  }
}

/// Argon2id KiB × passes per unit of each scheme's stated cost: the rate whose Argon2id pad
/// (the current work less the scheme's) ends a wrong password at the time of one verify at
/// 64 MiB, 2 passes, timed as sign-in runs them, the scheme's verify then the pad.
/// `script/work-rates` measures them; bcrypt, yescrypt and PBKDF2 were set from its runs on
/// an AMD EPYC on 2 December 2026, PBKDF2-SHA1 on 6 December 2026 (the same run put
/// PBKDF2-SHA256 at 0.195 and bcrypt at 70.7), scrypt (libsodium's, at Django's p = 5
/// against a verify at the raised work) from two quiet runs on 6 December 2026 (2.357 and
/// 2.375). A plain ratio of verify times misses how the pad runs: a smaller Argon2id stays more in the cache, and one that follows another scheme's work
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
  /// One KiB of yescrypt's memory (128 × N × r bytes) at its default time parameter (t = 0).
  static let yescryptPerKiB = 1.95
  /// One HMAC-SHA256 iteration of PBKDF2 (two SHA-256 compressions and their setup).
  static let pbkdf2PerIteration = 0.185
  /// One HMAC-SHA1 iteration of PBKDF2 (two SHA-1 compressions and their setup).
  static let pbkdf2SHA1PerIteration = 0.175
  /// One KiB of a scrypt lane's memory (128 × N × r bytes), filled once and read once.
  static let scryptPerKiB = 2.37
  /// Argon2 over several lanes, computed one lane after another by libsodium (smaller
  /// lanes stay in cache longer, so a KiB costs less than in one lane).
  static let argon2LanesFactor = 0.86
}
