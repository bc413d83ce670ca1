import AuthTestSupport
import Foundation
import Synchronization
import Testing

/// A temporary folder for one reliability case: the database, per-client state folders,
/// and the files that carry each run's input and output. Removed by `remove()`.
final class Workspace: Sendable {
  /// The folder.
  let root: String
  /// The database every run uses unless told otherwise.
  let database: String
  private let counter = Atomic<Int>(0)

  /// Creates a new folder.
  init(_ name: String) throws {
    root = NSTemporaryDirectory() + "authcli-reliability-\(name)-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    database = root + "/auth.sqlite3"
  }

  /// Deletes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// The environment of a client: its own home and XDG folders (so its own session state
  /// file), cheap password hashing, no colour, and nothing inherited that could change a run.
  func environment(client: String = "main") -> [String: String] {
    let home = root + "/clients/\(client)"
    return [
      "HOME": home,
      "XDG_DATA_HOME": home + "/data",
      "XDG_STATE_HOME": home + "/state",
      "XDG_CONFIG_HOME": home + "/config",
      "AUTHCLI_ARGON2": "minimum",
      "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST": "1",
      "NO_COLOR": "1",
      "PATH": "/usr/bin:/bin",
    ]
  }

  /// The folder holding a client's session state files.
  func stateFolder(client: String = "main") -> String {
    root + "/clients/\(client)/state/authcli"
  }

  /// Starts `authcli` with `arguments` (raw bytes, which need not be UTF-8) and `input` on
  /// stdin, as `client`; `wrapper` (a command and its arguments) runs authcli when given.
  func start(
    bytes arguments: [[UInt8]], input: Data = Data(), client: String = "main",
    environment extra: [String: String] = [:], wrapper: [String] = []
  ) throws -> RunningProcess {
    let number = counter.add(1, ordering: .relaxed).newValue
    let io = root + "/io"
    try FileManager.default.createDirectory(atPath: io, withIntermediateDirectories: true)
    let inputPath = io + "/\(number).in"
    try input.write(to: URL(fileURLWithPath: inputPath))
    let command = (wrapper + [AuthCLIBinary.path]).map { Array($0.utf8) } + arguments
    return try RunningProcess(
      command: command, directory: root,
      environment: environment(client: client).merging(extra) { $1 },
      inputPath: inputPath, outputPath: io + "/\(number).out", errorsPath: io + "/\(number).err")
  }

  /// Starts `authcli` with `arguments` and `input` on stdin, as `client`.
  func start(
    _ arguments: [String], input: Data = Data(), client: String = "main",
    environment extra: [String: String] = [:], wrapper: [String] = []
  ) throws -> RunningProcess {
    try start(
      bytes: arguments.map { Array($0.utf8) }, input: input, client: client, environment: extra,
      wrapper: wrapper)
  }

  /// Runs `authcli` to the end (killed after `limit`) and returns how it ended.
  func run(
    _ arguments: [String], input: Data = Data(), client: String = "main",
    environment extra: [String: String] = [:], wrapper: [String] = [],
    limit: Duration = .seconds(30)
  ) async throws -> RunResult {
    let process = try start(
      arguments, input: input, client: client, environment: extra, wrapper: wrapper)
    return try await process.wait(limit: limit)
  }

  /// Runs `authcli --db <database> <arguments>` with the lines of `input` on stdin.
  func run(
    database path: String? = nil, _ arguments: [String], lines: [String] = [],
    client: String = "main", limit: Duration = .seconds(30)
  ) async throws -> RunResult {
    let text = lines.map { $0 + "\n" }.joined()
    return try await run(
      ["--db", path ?? database] + arguments, input: Data(text.utf8), client: client,
      limit: limit)
  }

  /// Creates `name`'s account with `phrase`: a step the case stands on, so it must succeed.
  func signUp(
    _ name: String, phrase: String, database path: String? = nil, client: String = "main",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let made = try await run(
      database: path, ["signup", "--username", name, "--password-stdin"], lines: [phrase],
      client: client)
    try #require(
      made.exitCode == ExitCodes.ok, "signup \(name): \(made.summary)",
      sourceLocation: sourceLocation)
  }
}
