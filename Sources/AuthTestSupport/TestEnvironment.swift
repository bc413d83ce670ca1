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
}
