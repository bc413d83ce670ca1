import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The folder of the copy `AuthCLIBinary.pathForEveryUser` made, if any, removed at exit.
nonisolated(unsafe) private var copiedBinaryFolder: UnsafeMutablePointer<CChar>?

/// Removes the copy of the executable and its folder (an `atexit` handler: no captures).
private func removeCopiedBinary() {
  guard let folder = copiedBinaryFolder else { return }
  let path = String(cString: folder)
  unlink(path + "/authcli")
  rmdir(path)
}

/// The built `authcli` executable that end-to-end and reliability tests run:
/// `AUTHCLI_BIN` when set, else the one built next to the running test binary
/// (`.build/debug/authcli`; test targets that use this depend on `authcli`, so it is built).
public enum AuthCLIBinary {
  /// The executable's path.
  public static let path: String = locate()

  /// The executable as every user of the machine can run it: `path` itself when each folder
  /// above it lets others through, else a copy in a folder of its own under `/tmp`, removed
  /// when the test process exits. The tests that run authcli as a web server's or a PAM
  /// service's user need it: a clone in a private folder (`mktemp -d` makes it 0700) keeps
  /// those users from the binary built there, and they would get "Permission denied" (126).
  public static let pathForEveryUser: String = copyUnlessEveryUserReaches(path)

  private static func copyUnlessEveryUserReaches(_ original: String) -> String {
    var folder = URL(fileURLWithPath: original).deletingLastPathComponent()
    var reachable = true
    while folder.path != "/" {
      var status = stat()
      if stat(folder.path, &status) != 0 || status.st_mode & S_IXOTH == 0 { reachable = false }
      folder = folder.deletingLastPathComponent()
    }
    guard !reachable else { return original }
    var template = Array("/tmp/authcli-binary.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { return original }
    let copyFolder = String(cString: made)
    let copy = copyFolder + "/authcli"
    guard chmod(copyFolder, 0o755) == 0, let bytes = FileManager.default.contents(atPath: original)
    else { return original }
    // Written through a descriptor closed on exec: a child another test forks meanwhile must
    // not keep the copy open for writing, or running it fails with "Text file busy".
    let descriptor = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { return original }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard close(descriptor) == 0, written == bytes.count, chmod(copy, 0o755) == 0 else {
      return original
    }
    copiedBinaryFolder = strdup(copyFolder)
    atexit { removeCopiedBinary() }
    return copy
  }

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
