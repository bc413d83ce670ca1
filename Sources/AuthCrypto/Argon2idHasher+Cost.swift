import AuthCore
import SodiumLibrary

/// The cost an Argon2 PHC string carries (`$argon2id$v=19$m=65536,t=2,p=1$salt$hash`).
struct PHCCost: Hashable, Sendable {
  /// `argon2id` or `argon2i`.
  let algorithm: String
  /// Memory in KiB (m).
  let memoryKiB: Int
  /// Passes over memory (t).
  let passes: Int
  /// Lanes (p).
  let lanes: Int

  /// Reads the cost of a PHC string; `nil` when it is not one libsodium verifies.
  init?(_ passwordHash: String) {
    let fields = passwordHash.split(separator: "$", omittingEmptySubsequences: false)
    guard fields.count == 6, fields[0].isEmpty, fields[1] == "argon2id" || fields[1] == "argon2i"
    else { return nil }
    var values: [Substring: Int] = [:]
    for pair in fields[3].split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let value = Int(parts[1]), value > 0 else { return nil }
      values[parts[0]] = value
    }
    guard let memory = values["m"], let passes = values["t"], let lanes = values["p"] else {
      return nil
    }
    algorithm = String(fields[1])
    memoryKiB = memory
    self.passes = passes
    self.lanes = lanes
  }

  /// `m=…,t=…,p=…`, as in the string.
  var parameters: String { "m=\(memoryKiB),t=\(passes),p=\(lanes)" }
}

extension Argon2idHasher {
  /// The memory in KiB of the cost a check is answered in (`signInCost`).
  var currentMemoryKiB: Int { signInCost.memLimit / 1024 }

  /// Compares the stored hash's cost with the current cost's: work above what sign-in
  /// runs (`HashWorkRule`: memory × passes, more than `farCostlierFactor` times the current
  /// work) is far costlier; below in memory or passes (or argon2i) is cheaper; anything
  /// else is current.
  public func storedCost(of passwordHash: String) -> StoredHashCost {
    guard let stored = PHCCost(passwordHash) else { return .unreadable }
    let work = LegacyHashCost.argon2(
      memoryKiB: stored.memoryKiB, passes: stored.passes, lanes: stored.lanes
    ).work(for: .argon2id)
    if let currentWork, work > HashWorkRule.limit(at: .signIn, currentWork: currentWork) {
      return .farCostlier
    }
    if stored.algorithm != "argon2id" || stored.memoryKiB < currentMemoryKiB
      || stored.passes < Int(cost.opsLimit)
    {
      return .cheaper
    }
    return .current
  }

  /// Whether the stored hash is cheaper than the cost of new hashes (see `storedCost(of:)`):
  /// a hash at a higher cost is never made again at a lower one. A hash at `cost` below a
  /// raised sign-in work is padded at a wrong password but not made again.
  public func needsRehash(_ passwordHash: String) -> Bool {
    guard storedCost(of: passwordHash) == .cheaper, let stored = PHCCost(passwordHash) else {
      return false
    }
    return stored.algorithm != "argon2id" || stored.memoryKiB < cost.memLimit / 1024
      || stored.passes < Int(cost.opsLimit)
  }

  /// Memory × passes of new hashes: the work a raised store goes back to once no kept hash
  /// needs more.
  public var defaultWork: Int? { cost.memLimit / 1024 * Int(cost.opsLimit) }

  /// Runs Argon2id over the memory × passes that the stored hash lacks against the
  /// current cost (Argon2's time grows with their product), at the current passes.
  public func padVerification(after passwordHash: String) {
    guard let stored = PHCCost(passwordHash) else { return }
    let passes = Int(cost.opsLimit)
    let missing = currentMemoryKiB * passes - stored.memoryKiB * stored.passes
    let memoryKiB = missing / passes
    guard memoryKiB >= sodium.memLimitMin() / 1024 else { return }
    let pad = unmatchableHash(memoryKiB: memoryKiB, passes: cost.opsLimit)
    _ = verify(Password("pad"), against: pad)
  }

  /// Memory × passes of the current cost: Argon2's time grows with their product.
  public var currentWork: Int? { currentMemoryKiB * Int(cost.opsLimit) }

  /// Runs Argon2id over the memory × passes that `work` lacks against the current cost.
  public func padVerification(afterWork work: Int) {
    let passes = Int(cost.opsLimit)
    let memoryKiB = (currentMemoryKiB * passes - work) / passes
    guard memoryKiB >= sodium.memLimitMin() / 1024 else { return }
    let pad = unmatchableHash(memoryKiB: memoryKiB, passes: cost.opsLimit)
    _ = verify(Password("pad"), against: pad)
  }

  /// Hashes at the higher of the stored and the current cost in each parameter.
  public func rehash(
    _ password: Password, upgrading passwordHash: String
  ) throws(PasswordHasherError) -> String {
    guard let stored = PHCCost(passwordHash) else { return try hash(password) }
    let raised = Argon2Cost(
      opsLimit: max(cost.opsLimit, UInt64(stored.passes)),
      memLimit: max(cost.memLimit, stored.memoryKiB * 1024))
    guard raised != cost, raised.isWithinLibraryLimits else { return try hash(password) }
    return try Argon2idHasher(checkedCost: raised, sodium: sodium).hash(password)
  }

  /// `m=…,t=…,p=…` of a PHC string.
  public func parameters(of passwordHash: String) -> String? {
    PHCCost(passwordHash)?.parameters
  }
}
