import Foundation
import Testing

/// authcli pointed at files that are not (usable) authcli databases: one clear line on
/// stderr, the documented exit code, and the file's bytes exactly as they were.
@Suite("Bad files", .serialized)
struct BadFileTests {
  /// A kind of bad file and what each command must answer.
  enum Kind: String, CaseIterable, Sendable {
    case textFile, truncatedDatabase, emptyFile, newerSchema, readOnlyDatabase, directory,
      missingDirectory

    /// The commands tried, each with its expected exit code.
    var expectations: [(arguments: [String], input: [String], exit: Set<Int32>)] {
      let signUp = ["signup", "--username", "newcomer", "--password-stdin"]
      let phrase = ["bad file pass phrase", "bad file pass phrase"]
      let invalid: Set<Int32> = [ExitCodes.invalidData]
      switch self {
      case .textFile, .truncatedDatabase, .emptyFile:
        return [
          (signUp, phrase, invalid), (["users", "list"], [], invalid), (["inspect"], [], invalid),
          (["migrate"], [], invalid),
        ]
      case .newerSchema:
        // `inspect` may report on a newer database (it only reads), or refuse it.
        return [
          (signUp, phrase, invalid), (["users", "list"], [], invalid),
          (["inspect"], [], [ExitCodes.ok, ExitCodes.invalidData]), (["migrate"], [], invalid),
        ]
      case .readOnlyDatabase:
        return [(signUp, phrase, [ExitCodes.ioError])]
      case .directory:
        return [
          (signUp, phrase, invalid), (["users", "list"], [], invalid), (["inspect"], [], invalid),
        ]
      case .missingDirectory:
        return [
          (signUp, phrase, [ExitCodes.cannotCreate]), (["users", "list"], [], [ExitCodes.noInput]),
          (["inspect"], [], [ExitCodes.noInput]),
        ]
      }
    }
  }

  @Test(
    "one message on stderr (and its next step), the documented exit code, the bytes unchanged",
    arguments: Kind.allCases)
  func refusesBadFile(kind: Kind) async throws {
    try await check(kind)
  }

  /// Builds the bad file and runs every command of `kind` on it.
  func check(_ kind: Kind) async throws {
    let workspace = try Workspace("badfile-\(kind.rawValue)")
    defer { workspace.remove() }
    let path = try await Self.makeFixture(kind, in: workspace)
    let before = try Self.state(of: path)
    for expectation in kind.expectations {
      let command = expectation.arguments.joined(separator: " ")
      let result = try await Self.run(
        kind, workspace, ["--db", path] + expectation.arguments, expectation.input)
      #expect(
        result.exitCode.map(expectation.exit.contains) == true,
        "\(kind) \(command): \(result.summary)")
      #expect(try Self.state(of: path) == before, "\(kind) \(command) changed the file")
      // A refusal is one message and its step; a command allowed to succeed (inspect on a newer file) says more.
      guard result.exitCode != ExitCodes.ok else { continue }
      #expect(result.isOneMessageWithItsStep, "\(kind) \(command): \(result.summary)")
      #expect(result.errorText.hasPrefix("Error: "), "\(kind) \(command): \(result.summary)")
    }
  }

  /// Builds the bad file and returns the path given to `--db`.
  static func makeFixture(_ kind: Kind, in workspace: Workspace) async throws -> String {
    let path = workspace.root + "/fixture.sqlite3"
    switch kind {
    case .textFile:
      let line = "This is a shopping list, not a database: eggs, milk, bread.\n"
      try Data(String(repeating: line, count: 200).utf8).write(to: URL(fileURLWithPath: path))
    case .emptyFile:
      try Data().write(to: URL(fileURLWithPath: path))
    case .truncatedDatabase:
      try await makeDatabase(at: path, in: workspace)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    case .newerSchema:
      try await makeDatabase(at: path, in: workspace)
      try SQLiteWriter.execute("PRAGMA journal_mode = DELETE; PRAGMA user_version = 999", on: path)
    case .readOnlyDatabase:
      try await makeDatabase(at: path, in: workspace)
      try SQLiteWriter.execute("PRAGMA journal_mode = DELETE", on: path)
      try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    case .directory:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    case .missingDirectory:
      return workspace.root + "/no/such/folder/auth.sqlite3"
    }
    return path
  }

  /// A real database with a few accounts, its WAL folded in so the file stands alone.
  static func makeDatabase(at path: String, in workspace: Workspace) async throws {
    for (number, name) in ["alice", "bob", "carol"].enumerated() {
      let password = "fixture pass phrase number \(number)"
      let made = try await workspace.run(
        database: path, ["signup", "--username", name, "--password-stdin"],
        lines: [password])
      try #require(made.exitCode == ExitCodes.ok, "fixture signup: \(made.summary)")
    }
    try SQLiteWriter.execute("PRAGMA wal_checkpoint(TRUNCATE)", on: path)
  }

  /// The bytes of a file, the entries of a folder, or that nothing exists there (including
  /// the folders above a missing path), as comparable text.
  static func state(of path: String) throws -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      var ancestor = (path as NSString).deletingLastPathComponent
      while !FileManager.default.fileExists(atPath: ancestor) {
        ancestor = (ancestor as NSString).deletingLastPathComponent
      }
      let entries = try FileManager.default.contentsOfDirectory(atPath: ancestor)
      return
        "missing below \(ancestor): \(entries.filter { $0 != "io" && $0 != "clients" }.sorted())"
    }
    if isDirectory.boolValue {
      return "folder: \(try FileManager.default.contentsOfDirectory(atPath: path).sorted())"
    }
    return try FileFingerprint(path).description
  }

  /// Runs a command; on a read-only file as root, drops to `nobody` so permissions apply.
  static func run(
    _ kind: Kind, _ workspace: Workspace, _ arguments: [String], _ lines: [String]
  ) async throws -> RunResult {
    let input = Data(lines.map { $0 + "\n" }.joined().utf8)
    guard kind == .readOnlyDatabase, getuid() == 0 else {
      return try await workspace.run(arguments, input: input)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: workspace.root)
    return try await workspace.run(
      arguments, input: input,
      wrapper: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"])
  }
}
