#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many processors this process can keep busy at once: those online, fewer when its
/// affinity allows fewer, and fewer again when its control group's CPU quota does (a
/// container started with `--cpus=1` on a larger machine). Only whole processors count:
/// two threads under a quota of 1.5 would still be held back for part of every period.
enum ProcessorBudget {
  /// The processors available now; at least 1.
  static var current: Int {
    var budget = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #if os(Linux)
      if let status = contents(of: "/proc/self/status"),
        let allowed = allowedProcessors(status: status)
      {
        budget = min(budget, allowed)
      }
      if let groups = contents(of: "/proc/self/cgroup") {
        for file in quotaFiles(forGroups: groups) {
          if let limit = wholeProcessors(quotaFile: file) { budget = min(budget, limit) }
        }
      }
    #endif
    return max(1, budget)
  }

  /// The processors the affinity mask allows, from `/proc/self/status`'s `Cpus_allowed`
  /// line (a hexadecimal mask in comma-separated words); `nil` without one.
  static func allowedProcessors(status: String) -> Int? {
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
    else { return nil }
    let mask = line.dropFirst("Cpus_allowed:".count)
    var count = 0
    for character in mask where character != "," && !character.isWhitespace {
      guard let digit = character.hexDigitValue else { return nil }
      count += digit.nonzeroBitCount
    }
    return count > 0 ? count : nil
  }

  /// The quota files that apply to the control groups `/proc/self/cgroup` lists: for
  /// cgroup v2 `cpu.max`, for v1 `cpu.cfs_quota_us` (with `cpu.cfs_period_us` beside it),
  /// in the group's own folder and at the mount's root (a container sees its own group
  /// there). Paths are returned whether or not they exist.
  static func quotaFiles(forGroups groups: String) -> [QuotaFile] {
    var files: [QuotaFile] = []
    for line in groups.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      let path = fields[2] == "/" ? "" : String(fields[2])
      if fields[0] == "0" && fields[1].isEmpty {
        for folder in Set(["/sys/fs/cgroup" + path, "/sys/fs/cgroup"]) {
          files.append(.version2(cpuMax: folder + "/cpu.max"))
        }
      } else if fields[1].split(separator: ",").contains("cpu") {
        let mount = "/sys/fs/cgroup/" + fields[1]
        for folder in Set([mount + path, mount]) {
          files.append(
            .version1(quota: folder + "/cpu.cfs_quota_us", period: folder + "/cpu.cfs_period_us"))
        }
      }
    }
    return files
  }

  /// A control group's quota file, by version.
  enum QuotaFile: Hashable {
    /// cgroup v2: `cpu.max` holds `QUOTA PERIOD`, or `max PERIOD` for none.
    case version2(cpuMax: String)
    /// cgroup v1: the quota (-1 for none) and the period, in two files.
    case version1(quota: String, period: String)
  }

  /// The whole processors a quota file allows, or `nil` when it sets none or is unreadable.
  static func wholeProcessors(quotaFile: QuotaFile) -> Int? {
    switch quotaFile {
    case .version2(let cpuMax):
      guard let text = contents(of: cpuMax) else { return nil }
      let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
      guard fields.count == 2 else { return nil }
      return wholeProcessors(quota: Int(fields[0]), period: Int(fields[1]))
    case .version1(let quota, let period):
      let number = { (path: String) in
        contents(of: path).flatMap { Int($0.filter { $0 != "\n" }) }
      }
      return wholeProcessors(quota: number(quota), period: number(period))
    }
  }

  /// `quota / period` rounded down, at least 1; `nil` for no quota (absent or negative).
  static func wholeProcessors(quota: Int?, period: Int?) -> Int? {
    guard let quota, let period, quota > 0, period > 0 else { return nil }
    return max(1, quota / period)
  }

  /// The first 16 KiB of a small file of the kernel's (`/proc`, `/sys`), or `nil` when it
  /// cannot be read; opened without following a link, as every file authcli reads is.
  private static func contents(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var filled = 0
    while filled < buffer.count {
      let count = buffer[filled...].withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
    }
    return filled > 0 ? String(decoding: buffer[..<filled], as: UTF8.self) : nil
  }
}
