/// The one rule for the work a stored hash may cost, used at import and at sign-in alike.
///
/// A stored string names its scheme and states its cost, and whoever wrote the string chose
/// that cost: a hash file from another system, or a row written into the database by other
/// means, may state any cost its format can spell. Every field of the setting is decoded
/// (`LegacyPasswordHash(parsing:)`: bcrypt's rounds, SHA-crypt's rounds, PBKDF2's
/// iterations, yescrypt's N, r, t and p, Argon2's m, t and p), counted as Argon2id work
/// (`LegacyPasswordHash.work`) and compared here with the store's sign-in work
/// (`PasswordHasher.currentWork`, raised by the store when kept hashes need it). A setting of
/// a known scheme that cannot be decoded states no cost, and is refused whole.
///
/// An import admits a hash whose work, with a margin for the rate table's error
/// (`neededSignInWork(for:)`), is at most the sign-in work, so that a wrong password on what
/// it kept can be answered in the time of an unknown name; one that raises the store's work
/// admits up to `mostSignInWork`. Sign-in runs at most `farCostlierFactor` times the work
/// (what a later, lower work may leave above it) and refuses anything costlier unrun,
/// verifying the dummy hash instead.
public enum HashWorkRule {
  /// When a stored hash is judged.
  public enum Occasion: Hashable, Sendable {
    /// `users import`: nothing above the current cost is kept.
    case `import`
    /// A password check: nothing far above the current cost is run.
    case signIn
  }

  /// What the rule says of a stored string.
  public enum Verdict: Hashable, Sendable {
    /// Decoded, and its work within the limit (or the hasher states no cost).
    case admitted(LegacyPasswordHash)
    /// Decoded, and its work above `limit`.
    case tooCostly(LegacyPasswordHash, work: Int, limit: Int)
    /// A known scheme's prefix with a setting that cannot be decoded.
    case undecodable(LegacyPasswordHashError)
    /// No scheme read here (a hasher's format of its own, a scheme refused by its prefix,
    /// an empty or locked entry): the hasher judges it.
    case notRead
  }

  /// The most work a store's sign-in work is raised to, by an import or an operator:
  /// 256 MiB × 2 passes of Argon2id, four times libsodium's interactive cost, which every
  /// check of a password then costs, for an unknown name as for a kept hash. It admits the
  /// default hashes of every Django release up to 5.2 (bcrypt at 12 rounds, the dearest,
  /// counts 294,912); a kept hash above it is refused as an absurd cost.
  public static let mostSignInWork = 524_288

  /// How far above a kept hash's work (in hundredths) the store's sign-in work must be,
  /// for a scheme whose work comes from the rate table (`WorkRates`) rather than from
  /// Argon2id's own parameters. A table measured at one moment and one Argon2id size is off
  /// by a few hundredths elsewhere (bcrypt_sha256 at 12 rounds took 1.06–1.07 times a
  /// verify at the work the table gives it); a wrong password on a hash that runs longer
  /// than the sign-in's verify cannot be padded down, so the store's work keeps this much
  /// in hand.
  public static let rateMarginPercent = 10

  /// The sign-in work `hash` needs, so that a wrong password on it is answered in the time
  /// of an unknown name: its work, with `rateMarginPercent` on top when the work comes from
  /// the rate table (any scheme but authcli's own Argon2id, whose work is exact). Saturates
  /// at `Int.max`.
  public static func neededSignInWork(for hash: LegacyPasswordHash) -> Int {
    let work = hash.work
    guard !hash.scheme.isCurrent else { return work }
    let margin = work / 100 * rateMarginPercent + (work % 100 * rateMarginPercent + 99) / 100
    let (needed, overflow) = work.addingReportingOverflow(margin)
    return overflow ? Int.max : needed
  }

  /// Why an import refuses `hash` against the store's sign-in work `signInWork` (`nil`: a
  /// hasher with no cost, which admits all), or `nil` when it keeps it. A hash is kept when
  /// the work it needs (`neededSignInWork(for:)`) is within the store's; with `raising`,
  /// anything whose need is within `mostSignInWork` is kept (the import raises the store's
  /// work to that need); without, a hash that raising would keep carries that remedy.
  public static func importRefusal(
    of hash: LegacyPasswordHash, signInWork: Int?, raising: Bool
  ) -> (reason: String, remedy: ImportRemedy?)? {
    guard let signInWork else { return nil }
    let needed = neededSignInWork(for: hash)
    guard needed > signInWork else { return nil }
    let ceiling = max(signInWork, mostSignInWork)
    let work = hash.work
    let cost = "\(hash.scheme.rawValue) cost \(work) KiB × passes"
    // Within the bound itself, a hash is refused only for the margin it needs on top.
    let withMargin = ", which needs \(needed) with the rate table's \(rateMarginPercent) % margin"
    if needed > ceiling {
      let most = "above the most a sign-in may cost (\(ceiling) KiB × passes)"
      return (work > ceiling ? "\(cost), \(most)" : "\(cost)\(withMargin), \(most)", nil)
    }
    if raising { return nil }
    let store = "above the store's sign-in work (\(signInWork))"
    return (
      work > signInWork ? "\(cost), \(store)" : "\(cost)\(withMargin), \(store)",
      .raiseSignInWork(to: needed)
    )
  }

  /// The most work `occasion` admits when a verify at the current cost is `currentWork`.
  public static func limit(at occasion: Occasion, currentWork: Int) -> Int {
    switch occasion {
    case .import: currentWork
    case .signIn:
      currentWork.multipliedReportingOverflow(by: StoredHashCost.farCostlierFactor).overflow
        ? Int.max : currentWork * StoredHashCost.farCostlierFactor
    }
  }

  /// Judges a stored string: decoded whole, then its work against the limit.
  public static func judge(
    _ stored: String, currentWork: Int?, at occasion: Occasion
  ) -> Verdict {
    do throws(LegacyPasswordHashError) {
      return judge(try LegacyPasswordHash(parsing: stored), currentWork: currentWork, at: occasion)
    } catch {
      if case .malformed = error { return .undecodable(error) }
      return .notRead
    }
  }

  /// Judges a hash already decoded.
  public static func judge(
    _ hash: LegacyPasswordHash, currentWork: Int?, at occasion: Occasion
  ) -> Verdict {
    guard let currentWork else { return .admitted(hash) }
    let limit = limit(at: occasion, currentWork: currentWork)
    let work = hash.work
    return work > limit ? .tooCostly(hash, work: work, limit: limit) : .admitted(hash)
  }
}
