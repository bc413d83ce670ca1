import Foundation

/// The built `authcli` executable that end-to-end and reliability tests run:
/// `AUTHCLI_BIN` when set, else the one built next to the running test binary
/// (`.build/debug/authcli`; test targets that use this depend on `authcli`, so it is built).
public enum AuthCLIBinary {
  /// The executable's path.
  public static let path: String = locate()

  private static func locate() -> String {
    if let override = ProcessInfo.processInfo.environment["AUTHCLI_BIN"], !override.isEmpty {
      return override
    }
    return BuiltProducts.path(of: ["authcli"])
      ?? BuiltProducts.testBinary.deletingLastPathComponent().appendingPathComponent("authcli")
      .path
  }
}

/// The executables SwiftPM builds beside the test binary (`authcli`, `authbench`, the
/// embedding tool), found by climbing from the running test binary.
public enum BuiltProducts {
  /// The running test binary.
  public static var testBinary: URL {
    #if os(Linux)
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
  }

  /// The first of `names` built in the test binary's folder or one of its parents (on macOS
  /// the test binary sits inside `*.xctest/Contents/MacOS`), or `nil` when none is.
  public static func path(of names: [String]) -> String? {
    var folder = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      for name in names {
        let candidate = folder.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
