import AuthCore
import SodiumLibrary
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long verifies at the current cost took in this process, so that a wrong password
/// on a kept hash can be answered in that same time on the machine it runs on.
///
/// A rate table measured once elsewhere (`WorkRates`) says how a scheme's work compares
/// with Argon2id's, but that ratio moves between machines: bcrypt and SHA-crypt are bound by
/// the processor, Argon2id by memory and cache size. The time of the verify an unknown name
/// runs is measured here instead, every time one runs.
final class VerifyTimes: Sendable {
  /// How many of the latest times the typical one is the median of.
  static let kept = 5
  private let recent = Mutex<[Duration]>([])
  /// What a verify at the current cost would take, scaled from the latest verify of a
  /// cheaper hash of the hasher's own (`Argon2idHasher.estimateCurrentCost(from:of:)`).
  private let scaled = Mutex<Duration?>(nil)

  /// Keeps `duration`, forgetting the oldest beyond `kept`.
  func record(_ duration: Duration) {
    recent.withLock { times in
      times.append(duration)
      if times.count > Self.kept { times.removeFirst(times.count - Self.kept) }
    }
  }

  /// The median of the latest times, or `nil` before the first: the middle one resists
  /// the odd verify slowed by another process.
  var typical: Duration? {
    let times = recent.withLock { $0 }.sorted()
    return times.isEmpty ? nil : times[times.count / 2]
  }

  /// The typical time, or before the first, the latest estimate scaled from a cheaper
  /// verify; `nil` when there is neither.
  var typicalOrEstimate: Duration? { typical ?? scaled.withLock { $0 } }

  /// Keeps `estimate` as the latest estimate.
  func recordEstimate(_ estimate: Duration) {
    scaled.withLock { $0 = estimate }
  }
}

extension Argon2idHasher {
  /// Whether `passwordHash` states exactly the current cost, one lane.
  func isAtCurrentCost(_ passwordHash: String) -> Bool {
    guard let stored = PHCCost(passwordHash) else { return false }
    return stored.algorithm == "argon2id" && stored.memoryKiB == currentMemoryKiB
      && stored.passes == Int(cost.opsLimit) && stored.lanes == 1
  }

  /// Whether this hasher has timed a verify at the current cost yet.
  var hasTimedCurrentCost: Bool { times.typical != nil }

  /// One verify at the current cost that no password matches, timed as every such verify
  /// is; what a process's first wrong password on a kept hash runs beside the scheme's own
  /// verify (`LegacyHashVerifier(timingBeside:)`).
  func timeOneVerifyAtCurrentCost() {
    let unmatchable = unmatchableHash(memoryKiB: currentMemoryKiB, passes: cost.opsLimit)
    _ = verify(Password("unmatched"), against: unmatchable)
  }

  /// How Argon2id's time grows with its work (memory × passes) on this machine: as the work
  /// to this power, since a larger memory misses the caches and the TLB more often.
  /// `script/work-rates` prints it, the two works timed alternating (1.135, medians 1.132,
  /// between the default and the raised work on 6 December 2026). A verify at 64 MiB and a
  /// pad over the work it lacks end at 0.89–0.92 of one verify at 162 MiB; padded to the
  /// time scaled by this exponent, at 1.00 (figure 5 in docs/performance.md).
  static let timeExponent = 1.13

  /// The largest ratio of the current work to a cheaper hash's work over which its time is
  /// scaled: a small Argon2id stays in the cache, and its time says little of a large one's
  /// (a pad by the missing work is then nearly a whole verify, and close enough).
  static let largestScaledRatio = 8.0

  /// After a verify of a cheaper Argon2id hash of the hasher's own that took `elapsed`, in
  /// a process that has timed no verify at the current cost yet: keeps the time such a
  /// verify would take, scaled from this one by `timeExponent`, so that a wrong password on
  /// that hash is padded to it (`padVerification(afterWork:since:)`) rather than by the
  /// missing work alone, which answers a default-cost account on a raised store in 0.89 of
  /// an unknown name's time. The two Argon2id runs drift together with the machine, so
  /// the estimate follows it as a measure does.
  func estimateCurrentCost(from elapsed: Duration, of passwordHash: String) {
    guard !hasTimedCurrentCost, let stored = PHCCost(passwordHash),
      stored.algorithm == "argon2id", stored.lanes == 1
    else { return }
    let work = Double(stored.memoryKiB * stored.passes)
    let current = Double(currentMemoryKiB * Int(cost.opsLimit))
    guard work > 0, work < current, current / work <= Self.largestScaledRatio else { return }
    times.recordEstimate(elapsed * pow(current / work, Self.timeExponent))
  }

  /// Of the time left after a kept hash's verify, the share Argon2id pads; the wait after
  /// it does the rest. Were Argon2id to fill it all, every run slower than the typical one
  /// would end late while every faster one would be waited out to the deadline, and the
  /// kept hash's answer would come later than the unknown name's more often than not.
  static let argon2PadShare = 0.85

  /// After a wrong password on a kept hash whose verify began at `start`: works until the
  /// typical time of a verify at the current cost has passed since `start`. Argon2id over
  /// `argon2PadShare` of the current memory's fraction that the remaining time is of the
  /// typical time does most of it (a smaller Argon2id also runs faster per KiB, as more of
  /// it stays in cache); waiting out what is left then ends it on time.
  /// Before the process has timed a verify at the current cost, pads by `work` as the
  /// rate table states it.
  public func padVerification(afterWork work: Int, since start: ContinuousClock.Instant) {
    guard let typical = times.typicalOrEstimate else { return padVerification(afterWork: work) }
    let deadline = start + typical
    let remaining = deadline - ContinuousClock.now
    guard remaining > .zero else { return }
    let fraction = remaining / typical * Self.argon2PadShare
    let memoryKiB = Int(Double(currentMemoryKiB) * fraction)
    if memoryKiB >= sodium.memLimitMin() / 1024 {
      let pad = unmatchableHash(memoryKiB: memoryKiB, passes: cost.opsLimit)
      _ = verify(Password("pad"), against: pad)
    }
    let left = deadline - ContinuousClock.now
    guard left > .zero else { return }
    let (seconds, attoseconds) = left.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var rest = timespec()
    while nanosleep(&request, &rest) != 0, errno == EINTR { request = rest }
  }
}
