import AuthTestSupport
import Foundation

/// A fresh home for one documented session: an empty `$HOME` (`/home/ada` in the docs),
/// `authcli` and the package's other executables first on `PATH`, and cheap hashing.
///
/// Paths print as the docs show them: the sandbox's temporary root is cut from every
/// output, so `$HOME/.local/share/authcli/auth.sqlite3` reads
/// `/home/ada/.local/share/authcli/auth.sqlite3`, and the binary's own path reads
/// `/usr/local/bin/authcli`.
struct SampleSandbox: ~Copyable {
  /// The temporary folder that stands for `/`; removed on deinit.
  let root: String
  /// `$HOME`, also the working directory.
  let home: String
  /// What every command gets.
  let environment: [String: String]
  /// The PostgreSQL database the commands name, if any.
  let database: SampleDatabase?

  /// The home the docs show.
  static let documentedHome = "/home/ada"

  init(database: SampleDatabase? = nil) throws {
    self.database = database
    root = NSTemporaryDirectory() + "authcli-docs-\(UUID().uuidString)"
    home = root + Self.documentedHome
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let binaries = URL(fileURLWithPath: AuthCLIBinary.path).deletingLastPathComponent().path
    let systemPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    environment = [
      "HOME": home,
      "PATH": binaries + ":" + systemPath,
      "AUTHCLI_ARGON2": "minimum",
      "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST": "1",
      "LC_ALL": "C.UTF-8",
    ].merging(database?.environment ?? [:]) { $1 }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// `swift run [--quiet] NAME ARGS…` as `NAME ARGS…`: the executable is built already and
  /// on `PATH`, and a second build inside a test would only add the build's own lines.
  static func withoutSwiftRun(_ command: String) -> String {
    guard command.hasPrefix("swift run ") else { return command }
    var rest = command.dropFirst("swift run ".count)
    for flag in ["--quiet ", "-q "] where rest.hasPrefix(flag) { rest = rest.dropFirst(flag.count) }
    return String(rest)
  }

  /// What one command did.
  struct Run {
    /// Its exit status (the shell's).
    let status: Int32
    /// Standard output and standard error, interleaved as written, with the root cut.
    let output: String
  }

  /// Runs `command` with `/bin/sh -c`, `input` on standard input, both output streams into
  /// one file (as on a terminal); a run longer than `timeout` seconds is killed. Started
  /// through `ChildProcess`, not Foundation's `Process`, which crashes now and then.
  func run(_ command: String, input: String = "", timeout: Double = 60) async throws -> Run {
    let id = UUID().uuidString
    let inputPath = root + "/stdin-\(id)"
    let outputPath = root + "/output-\(id)"
    try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    let forServer = database?.commandForServer(command) ?? command
    // The home is a temporary path of letters, digits and hyphens, safe between quotes.
    let script = "cd '\(home)' || exit 70\n" + Self.withoutSwiftRun(forServer)
    let status = try await ChildProcess.run(
      "/bin/sh", ["-c", script], environment: environment, inputPath: inputPath,
      outputPath: outputPath, timeout: timeout)
    let output = try String(contentsOfFile: outputPath, encoding: .utf8)
    // The binary prints its own path (`help pam`); the docs show where script/install puts it.
    let shown = output.replacingOccurrences(of: AuthCLIBinary.path, with: "/usr/local/bin/authcli")
      .replacingOccurrences(of: root, with: "")
    return Run(status: status, output: database?.outputForDocs(shown) ?? shown)
  }
}
