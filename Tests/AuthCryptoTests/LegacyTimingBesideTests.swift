import AuthCore
import Foundation
import Synchronization
import Testing

@testable import AuthCrypto

/// A new process's first wrong password on a kept hash: a processor-bound scheme runs beside
/// one verify at the current cost, which the hasher keeps as its first measure; a
/// memory-bound one keeps to the rate table. Hashes made by `mkpasswd` (Debian's whois).
@Suite(.enabled(if: Tool.runsMkpasswdTests, "needs mkpasswd (script/setup installs whois)"))
struct LegacyTimingBesideTests {
  /// A small current cost, so the verify beside costs little.
  let hasher: Argon2idHasher
  let password = "correct horse battery staple"

  init() throws {
    hasher = try Argon2idHasher(cost: Argon2Cost(opsLimit: 2, memLimit: 1024 * 1024))
  }

  /// The kept hash `mkpasswd` makes of `password` with `options`.
  func hash(_ options: [String]) throws -> LegacyPasswordHash {
    try LegacyPasswordHash(parsing: Tool.line("mkpasswd", options + ["-s"], input: password + "\n"))
  }

  @Test func aProcessorBoundSchemeRunsBesideAVerifyAtTheCurrentCostAndKeepsItsAnswers() throws {
    let bcrypt = try hash(["-m", "bcrypt", "-R", "5"])
    let verifier = try LegacyHashVerifier(timingBeside: hasher)
    #expect(!hasher.hasTimedCurrentCost)
    #expect(try !verifier.verify(Password(LegacyPasswords.wrong(password)), against: bcrypt))
    // With one processor the two would run one after the other, so none runs beside.
    #expect(hasher.hasTimedCurrentCost == (SideThread.processors > 1))
    #expect(try verifier.verify(Password(password), against: bcrypt))
    #expect(try !verifier.verify(Password(""), against: bcrypt))
  }

  @Test func aMemoryBoundSchemeKeepsToTheRateTable() throws {
    let yescrypt = try hash(["-m", "yescrypt"])
    let verifier = try LegacyHashVerifier(timingBeside: hasher)
    #expect(try !verifier.verify(Password(LegacyPasswords.wrong(password)), against: yescrypt))
    #expect(!hasher.hasTimedCurrentCost)
    #expect(try verifier.verify(Password(password), against: yescrypt))
  }

  @Test func aVerifierWithoutAHasherRunsNothingBeside() throws {
    let bcrypt = try hash(["-m", "bcrypt", "-R", "5"])
    #expect(try !LegacyHashVerifier().verify(Password("wrong"), against: bcrypt))
    #expect(!hasher.hasTimedCurrentCost)
  }

  @Test func theSideThreadReturnsOnlyOnceBothJobsHaveEnded() {
    let ended = Flag()
    // The side job ends well after the body, so an early return would find it still running.
    let answer = SideThread.run(
      {
        usleep(50_000)
        ended.raise()
      }, while: { 42 })
    #expect(answer == 42)
    #expect(ended.isRaised)
  }
}

/// Set once from another thread.
private final class Flag: Sendable {
  private let raised = Mutex(false)
  func raise() { raised.withLock { $0 = true } }
  var isRaised: Bool { raised.withLock { $0 } }
}
