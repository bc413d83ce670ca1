import Foundation

/// The built `authcli` executable: `AUTHCLI_BIN`, else next to the running test bundle
/// (`.build/debug/authcli`).
enum AuthCLIBinary {
  static let path: String = locate()

  private static func locate() -> String {
    if let override = ProcessInfo.processInfo.environment["AUTHCLI_BIN"], !override.isEmpty {
      return override
    }
    #if os(Linux)
      let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #else
      let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    #endif
    var folder = executable.deletingLastPathComponent()
    // On macOS the test binary sits inside `*.xctest/Contents/MacOS`; climb out of the bundle.
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("authcli").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return executable.deletingLastPathComponent().appendingPathComponent("authcli").path
  }
}
