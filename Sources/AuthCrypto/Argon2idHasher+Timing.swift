import AuthCore
import CSodium
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
    let unmatchable = Self.unmatchableHash(memoryKiB: currentMemoryKiB, passes: cost.opsLimit)
    _ = verify(Password("unmatched"), against: unmatchable)
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
    guard let typical = times.typical else { return padVerification(afterWork: work) }
    let deadline = start + typical
    let remaining = deadline - ContinuousClock.now
    guard remaining > .zero else { return }
    let fraction = remaining / typical * Self.argon2PadShare
    let memoryKiB = Int(Double(currentMemoryKiB) * fraction)
    if memoryKiB >= crypto_pwhash_memlimit_min() / 1024 {
      let pad = Self.unmatchableHash(memoryKiB: memoryKiB, passes: cost.opsLimit)
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
