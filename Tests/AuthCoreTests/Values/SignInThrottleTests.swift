import Testing

@testable import AuthCore

@Suite struct SignInThrottleTests {
  @Test func locksStartAtTheFifthFailureAndDoubleUpToTheCap() {
    let throttle = SignInThrottle(rules: .standard)
    let locks = (1...12).map { throttle.lockLength(afterFailures: $0) }
    #expect(locks == [nil, nil, nil, nil, 60, 120, 240, 480, 900, 900, 900, 900])
  }

  @Test func hugeCountsStayAtTheCap() {
    #expect(SignInThrottle(rules: .standard).lockLength(afterFailures: 1_000_000) == 900)
  }

  @Test func aZeroFirstLockDoesNotLoopOverEveryFailure() {
    let rules = ThrottleRules(freeFailures: 5, initialLock: 0, maximumLock: 900)
    #expect(SignInThrottle(rules: rules).lockLength(afterFailures: .max) == 0)
  }
}
