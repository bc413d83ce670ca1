import AuthTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// The engine behind a sandbox's default database: an SQLite file in the XDG data folder,
/// or a fresh schema on the test PostgreSQL server (named in `AUTHCLI_DB`).
enum Engine: String, CaseIterable, Sendable {
  case sqlite
  case postgres

  /// Both engines when PostgreSQL runs take place (always under CI), else SQLite alone.
  static var allCases: [Engine] { TestPostgres.shouldRun ? [.sqlite, .postgres] : [.sqlite] }
}

/// A private home for one end-to-end test: a temporary folder with its own XDG data and
/// state directories, cheap password hashing, and a runner for the real binary.
struct Sandbox: ~Copyable {
  /// How long one run may take before it is killed: a run that hangs fails its test
  /// instead of stopping the suite.
  static let runLimit: Double = 300

  /// The temporary folder; removed on deinit.
  let root: String
  /// The environment every run gets.
  var environment: [String: String]

  /// The output of one run.
  struct Run {
    let status: Int32
    let output: String
    let errors: String

    /// The standard output parsed as JSON.
    func json() throws -> Any {
      try JSONSerialization.jsonObject(with: Data(output.utf8))
    }
  }

  init(engine: Engine = .sqlite) throws {
    // Made before anything is created, so that a failure leaves nothing behind.
    let database = engine == .postgres ? try TestPostgres.freshSchema().connectionString : nil
    let root = NSTemporaryDirectory() + "authcli-e2e-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    self.root = root
    environment = [
      "HOME": root + "/home",
      "XDG_DATA_HOME": root + "/data",
      "XDG_STATE_HOME": root + "/state",
      "AUTHCLI_ARGON2": "minimum",
      "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST": "1",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
    if let database { environment["AUTHCLI_DB"] = database }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// The database file used when no `--db` is given.
  var defaultDatabase: String { root + "/data/authcli/auth.sqlite3" }

  /// The folder that holds session state files.
  var stateFolder: String { root + "/state/authcli" }

  /// Runs `authcli` with the arguments and `input` on standard input (a file, not a terminal).
  func run(
    _ arguments: [String], input: String = "", extraEnvironment: [String: String] = [:]
  ) async throws -> Run {
    try await runProgram(
      AuthCLIBinary.path, arguments, input: input, extraEnvironment: extraEnvironment)
  }

  /// Runs any program in the sandbox's environment.
  func runProgram(
    _ executable: String, _ arguments: [String], input: String = "",
    extraEnvironment: [String: String] = [:]
  ) async throws -> Run {
    let id = UUID().uuidString
    let inputPath = root + "/stdin-\(id)"
    let outputPath = root + "/stdout-\(id)"
    let errorsPath = root + "/stderr-\(id)"
    try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
    for path in [outputPath, errorsPath] {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    // posix_spawn, not Foundation's Process, whose run() crashes now and then and whose
    // termination handler was seen never to run once the suite had started thousands of
    // processes. The shell changes into the sandbox and becomes the program (same pid).
    let status = try await ChildProcess.run(
      "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", root, executable] + arguments,
      environment: environment.merging(extraEnvironment) { $1 }, inputPath: inputPath,
      outputPath: outputPath, errorPath: errorsPath, timeout: Self.runLimit)
    let output = try String(contentsOfFile: outputPath, encoding: .utf8)
    let errors = try String(contentsOfFile: errorsPath, encoding: .utf8)
    return Run(status: status, output: output, errors: errors)
  }

  /// The POSIX permission bits of a file or folder.
  func mode(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }
}
