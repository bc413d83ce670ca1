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
    let smaller = Argon2idHasher.unmatchableHash(
      memoryKiB: hasher.currentMemoryKiB / 2, passes: hasher.cost.opsLimit)
    #expect(!hasher.isAtCurrentCost(smaller))
    _ = hasher.verify(Password("a pad, as after a kept hash"), against: smaller)
    #expect(hasher.times.typical == nil)
    let current = try hasher.unmatchableHash()
    #expect(hasher.isAtCurrentCost(current))
    _ = hasher.verify(Password("an unknown name's password"), against: current)
    #expect(hasher.times.typical != nil)
  }
}
