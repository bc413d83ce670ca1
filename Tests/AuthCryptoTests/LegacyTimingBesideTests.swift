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
    #expect(hasher.hasTimedCurrentCost == (ProcessorBudget.current > 1))
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

/// The processors a process may keep busy: the control group's quota files read as the
/// kernel writes them.
struct ProcessorBudgetTests {
  @Test func theBudgetIsAtLeastOneAndNeverAboveTheProcessorsOnline() {
    let online = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #expect(ProcessorBudget.current >= 1)
    #expect(ProcessorBudget.current <= max(1, online))
  }

  @Test func theAffinityMaskIsCountedBitByBit() {
    let status = "Name:\tauthcli\nCpus_allowed:\t00000000,0000000f\nCpus_allowed_list:\t0-3\n"
    #expect(ProcessorBudget.allowedProcessors(status: status) == 4)
    #expect(ProcessorBudget.allowedProcessors(status: "Cpus_allowed:\t5\n") == 2)
    #expect(ProcessorBudget.allowedProcessors(status: "Name:\tx\n") == nil)
  }

  @Test func bothVersionsOfControlGroupsAreFound() {
    let files = ProcessorBudget.quotaFiles(
      forGroups: "12:cpu,cpuacct:/docker/abc\n4:memory:/x\n0::/user.slice/one\n")
    #expect(
      Set(files) == [
        .version1(
          quota: "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us",
          period: "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us"),
        .version1(
          quota: "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us",
          period: "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us"),
        .version2(cpuMax: "/sys/fs/cgroup/user.slice/one/cpu.max"),
        .version2(cpuMax: "/sys/fs/cgroup/cpu.max"),
      ])
    #expect(
      ProcessorBudget.quotaFiles(forGroups: "0::/\n") == [
        .version2(cpuMax: "/sys/fs/cgroup/cpu.max")
      ])
  }

  @Test func quotasCountWholeProcessorsOnly() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "authcli-quota-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func file(_ name: String, _ text: String) throws -> String {
      let url = folder.appending(path: name)
      try Data(text.utf8).write(to: url)
      return url.path
    }
    let cases: [(String, Int?)] = [
      ("max 100000\n", nil), ("150000 100000\n", 1), ("200000 100000\n", 2),
      ("50000 100000\n", 1), ("garbage\n", nil),
    ]
    for (text, expected) in cases {
      let cpuMax = try file("cpu.max", text)
      #expect(
        ProcessorBudget.wholeProcessors(quotaFile: .version2(cpuMax: cpuMax)) == expected, "\(text)"
      )
    }
    let period = try file("cpu.cfs_period_us", "100000\n")
    #expect(
      ProcessorBudget.wholeProcessors(
        quotaFile: .version1(quota: try file("cpu.cfs_quota_us", "-1\n"), period: period)) == nil)
    #expect(
      ProcessorBudget.wholeProcessors(
        quotaFile: .version1(quota: try file("cpu.cfs_quota_us", "300000\n"), period: period)) == 3)
    #expect(
      ProcessorBudget.wholeProcessors(
        quotaFile: .version2(cpuMax: folder.appending(path: "missing").path)) == nil)
  }
}
