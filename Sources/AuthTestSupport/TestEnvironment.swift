import Foundation

/// What the tests read of the environment they run in, in one place.
public enum TestEnvironment {
  /// Whether `CI` is set (to anything but empty, `0` or `false`): there a missing tool or
  /// server fails the tests that need it instead of leaving them out.
  public static var isContinuousIntegration: Bool {
    let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
    return !["", "0", "false"].contains(value)
  }

  /// The path of `program` in the folders of `PATH`, if it is installed there.
  public static func programPath(_ program: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    return folders.map { "\($0)/\(program)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Whether the tests needing `program` run: when it is installed, or under CI, where a
  /// missing program fails them instead. Otherwise says on standard error what is left out
  /// and which Debian `package` `script/setup` installs for it. Decide once per program
  /// (a `static let`), so that it is said once.
  public static func runsTests(needing program: String, from package: String) -> Bool {
    if programPath(program) != nil || isContinuousIntegration { return true }
    FileHandle.standardError.write(
      Data(
        ("Tests needing \(program) (Debian \(package)) left out: it is not installed"
          + " (script/setup installs it; under CI they fail instead)\n").utf8))
    return false
  }
}
