import Foundation

/// Where the `authcli` under test is: `AUTHCLI_BIN` when set, else the one built next to
/// this test binary (`.build/debug/authcli`, built because this target depends on it).
enum AuthcliBinary {
  /// The executable's path.
  static let path: String = {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["AUTHCLI_BIN"], !override.isEmpty { return override }
    #if os(Linux)
      let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      let testBinary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
    var folder = testBinary.deletingLastPathComponent()
    // On macOS the test binary sits deeper, inside the .xctest bundle.
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("authcli").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return testBinary.deletingLastPathComponent().appendingPathComponent("authcli").path
  }()
}
