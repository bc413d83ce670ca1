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
    #if os(Linux)
      let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      let testBinary =
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
    var folder = testBinary.deletingLastPathComponent()
    // On macOS the test binary sits inside `*.xctest/Contents/MacOS`; climb out of the bundle.
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("authcli").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return testBinary.deletingLastPathComponent().appendingPathComponent("authcli").path
  }
}
