import AuthCore
import Testing

@testable import AuthCrypto

/// What a kept hash's wrong password is padded to: the time of a verify at the current cost,
/// as this process measured it. The durations here are recorded by hand, not measured.
@Suite struct VerifyTimesTests {
  @Test func theTypicalTimeIsTheMedianOfTheLatestFive() {
    let times = VerifyTimes()
    #expect(times.typical == nil)
    times.record(.milliseconds(70))
    #expect(times.typical == .milliseconds(70))
    for milliseconds in [10, 50, 20, 30, 40] { times.record(.milliseconds(milliseconds)) }
    // The 70 is forgotten: the median of 10, 50, 20, 30 and 40.
    #expect(times.typical == .milliseconds(30))
  }

  @Test func onlyAVerifyAtTheCurrentCostIsTimed() throws {
    let hasher = try Argon2idHasher(cost: .minimum)
    let smaller = hasher.unmatchableHash(
      memoryKiB: hasher.currentMemoryKiB / 2, passes: hasher.cost.opsLimit)
    #expect(!hasher.isAtCurrentCost(smaller))
    _ = hasher.verify(Password("a pad, as after a kept hash"), against: smaller)
    #expect(hasher.times.typical == nil)
    let current = try hasher.unmatchableHash()
    #expect(hasher.isAtCurrentCost(current))
    _ = hasher.verify(Password("an unknown name's password"), against: current)
    #expect(hasher.times.typical != nil)
  }

  /// A process's first wrong password on a cheaper hash of its own: the time a verify at the
  /// current cost would take is scaled from that verify's, more than in proportion to the
  /// work (Argon2id's time grows faster than its memory), and never counts as a measure.
  @Test func aCheaperVerifyLeavesAnEstimateScaledFasterThanItsWork() throws {
    let hasher = try Argon2idHasher(cost: Argon2Cost(opsLimit: 2, memLimit: 64 * 1024))
    let half = hasher.unmatchableHash(
      memoryKiB: hasher.currentMemoryKiB / 2, passes: hasher.cost.opsLimit)
    hasher.estimateCurrentCost(from: .milliseconds(100), of: half)
    let estimate = try #require(hasher.times.typicalOrEstimate)
    #expect(estimate > .milliseconds(200))
    #expect(estimate < .milliseconds(300))
    #expect(hasher.times.typical == nil)
    #expect(!hasher.hasTimedCurrentCost)
  }

  @Test func aMeasuredTimeWinsOverTheEstimate() throws {
    let hasher = try Argon2idHasher(cost: Argon2Cost(opsLimit: 2, memLimit: 64 * 1024))
    let half = hasher.unmatchableHash(
      memoryKiB: hasher.currentMemoryKiB / 2, passes: hasher.cost.opsLimit)
    hasher.estimateCurrentCost(from: .milliseconds(100), of: half)
    hasher.times.record(.milliseconds(70))
    #expect(hasher.times.typicalOrEstimate == .milliseconds(70))
    // Once a verify at the current cost is timed, no estimate is taken any more.
    hasher.estimateCurrentCost(from: .milliseconds(500), of: half)
    #expect(hasher.times.typicalOrEstimate == .milliseconds(70))
  }

  /// A hash far below the current work (the minimum cost) stays in the cache: its time is
  /// not scaled, and the pad goes by the missing work as before.
  @Test func aFarCheaperVerifyLeavesNoEstimate() throws {
    let hasher = try Argon2idHasher(cost: Argon2Cost(opsLimit: 2, memLimit: 64 * 1024))
    let tiny = hasher.unmatchableHash(memoryKiB: 8, passes: 1)
    hasher.estimateCurrentCost(from: .milliseconds(1), of: tiny)
    #expect(hasher.times.typicalOrEstimate == nil)
  }

  /// A real verify: a wrong password on a cheaper hash leaves the estimate, a right one not.
  @Test func onlyAWrongPasswordOnACheaperHashLeavesAnEstimate() throws {
    let cheaper = try Argon2idHasher(cost: Argon2Cost(opsLimit: 2, memLimit: 32 * 1024))
    let stored = try cheaper.hash(Password("the right one"))
    let hasher = try Argon2idHasher(cost: Argon2Cost(opsLimit: 2, memLimit: 64 * 1024))
    #expect(hasher.verify(Password("the right one"), against: stored))
    #expect(hasher.times.typicalOrEstimate == nil)
    #expect(!hasher.verify(Password("a wrong one"), against: stored))
    #expect(hasher.times.typicalOrEstimate != nil)
    #expect(hasher.times.typical == nil)
  }
}
