import Foundation

/// What the tests read of the environment they run in, in one place.
public enum TestEnvironment {
  /// Whether `CI` is set (to anything but empty, `0` or `false`): there a missing tool or
  /// server fails the tests that need it instead of leaving them out.
  public static var isContinuousIntegration: Bool {
    let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
    return !["", "0", "false"].contains(value)
  }
}
