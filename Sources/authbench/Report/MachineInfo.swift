import AuthCrypto
import AuthStorage
import Foundation

/// Where and with what the figures were measured.
struct MachineInfo: Codable, Sendable {
  /// The processor model.
  let cpu: String
  /// Processors available to this process.
  let cores: Int
  /// The operating system.
  let system: String
  /// The SQLite library version.
  let sqlite: String
  /// The libsodium version.
  let libsodium: String
  /// "release" or "debug".
  let build: String
  /// The 1-minute load average when the run started (other work on the machine).
  let loadAverageAtStart: Double

  /// Reads the current machine.
  static func current() -> MachineInfo {
    #if DEBUG
      let build = "debug"
    #else
      let build = "release"
    #endif
    return MachineInfo(
      cpu: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount,
      system: operatingSystem(), sqlite: sqliteLibraryVersion, libsodium: sodiumLibraryVersion,
      build: build, loadAverageAtStart: loadAverage())
  }

  /// The 1-minute load average, or 0 where /proc is missing.
  static func loadAverage() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
      let first = text.split(separator: " ").first
    else { return 0 }
    return Double(first) ?? 0
  }

  private static func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return "unknown"
    }
    let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
  }

  private static func operatingSystem() -> String {
    guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else {
      return ProcessInfo.processInfo.operatingSystemVersionString
    }
    let line = text.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
    return line.map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: ["\""]) }
      ?? ProcessInfo.processInfo.operatingSystemVersionString
  }
}
