import CSQLite
import Foundation
import Testing

/// Database files and schemas someone else could have planted or changed: a symbolic link
/// (dangling or not), another user's file, a file or folder others can write, extra schema
/// objects, and session rows no sign-in wrote. Each is refused with one message (and its next step) and its code,
/// and nothing is created or written.
@Suite("Hostile files", .serialized)
final class HostileFileTests: WorkspaceCase {
  static let phrase = "hostile file pass phrase"
  static let signUp = ["signup", "--username", "owner", "--password-stdin"]

  @Test("a dangling symbolic link at the database path is refused; its target never appears")
  func danglingLink() async throws {
    let target = workspace.root + "/target.sqlite3"
    try FileManager.default.createSymbolicLink(
      atPath: workspace.database, withDestinationPath: target)
    let result = try await workspace.run(Self.signUp, lines: [Self.phrase, Self.phrase])
    expectRefusal(result, code: ExitCodes.ioError, mentioning: ["symbolic link"])
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: workspace.database) == target)
  }

  @Test("a dangling link at the default XDG location is refused too")
  func danglingLinkAtDefaultLocation() async throws {
    let dataFolder = workspace.root + "/clients/main/data/authcli"
    try FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true)
    let target = workspace.root + "/elsewhere.sqlite3"
    try FileManager.default.createSymbolicLink(
      atPath: dataFolder + "/auth.sqlite3", withDestinationPath: target)
    let result = try await workspace.run(
      Self.signUp, input: Data("\(Self.phrase)\n\(Self.phrase)\n".utf8))
    expectRefusal(result, code: ExitCodes.ioError, mentioning: ["symbolic link"])
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test("a link to a real database is refused for every command")
  func linkToRealDatabase() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    let link = workspace.root + "/link.sqlite3"
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: workspace.database)
    for arguments in [["whoami"], ["users", "list"], ["inspect"], ["migrate"]] {
      let result = try await workspace.run(database: link, arguments)
      expectRefusal(result, code: ExitCodes.ioError, mentioning: ["symbolic link"])
    }
  }

  @Test("a database of another user is refused")
  func foreignOwner() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    try SQLiteWriter.execute("PRAGMA wal_checkpoint(TRUNCATE)", on: workspace.database)
    // `nobody` (65534) stands for another account; the tests run as root, who may chown.
    try #require(chown(workspace.database, 65534, 65534) == 0, "chown needs root")
    let before = try Data(contentsOf: URL(fileURLWithPath: workspace.database))
    for arguments in [
      ["whoami"], ["users", "list"], ["signin", "--username", "owner", "--password-stdin"],
    ] {
      let result = try await workspace.run(arguments, lines: [Self.phrase])
      expectRefusal(result, code: ExitCodes.ioError, mentioning: ["another user"])
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.database)) == before)
  }

  @Test(
    "a database that group or others can write is refused",
    arguments: [0o666, 0o620, 0o602] as [mode_t])
  func writableByOthers(mode: mode_t) async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    try #require(chmod(workspace.database, mode) == 0)
    let result = try await workspace.run(["whoami"], lines: [])
    expectRefusal(result, code: ExitCodes.ioError, mentioning: ["other users can write"])
  }

  @Test("a folder that others can write is refused, for a new database and an existing one")
  func writableFolder() async throws {
    let folder = workspace.root + "/shared"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try #require(chmod(folder, 0o1777) == 0)
    let path = folder + "/auth.sqlite3"
    let created = try await workspace.run(
      database: path, Self.signUp, lines: [Self.phrase, Self.phrase])
    expectRefusal(created, code: ExitCodes.ioError, mentioning: ["folder", folder])
    #expect(!FileManager.default.fileExists(atPath: path))
    // An existing database moved there is refused as well.
    try await workspace.signUp("owner", phrase: Self.phrase)
    try SQLiteWriter.execute("PRAGMA wal_checkpoint(TRUNCATE)", on: workspace.database)
    try FileManager.default.moveItem(atPath: workspace.database, toPath: path)
    let used = try await workspace.run(database: path, ["users", "list"])
    expectRefusal(used, code: ExitCodes.ioError, mentioning: ["folder"])
  }

  @Test("a folder of another user is refused")
  func foreignFolder() async throws {
    let folder = workspace.root + "/theirs"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try #require(chown(folder, 65534, 65534) == 0, "chown needs root")
    let result = try await workspace.run(
      database: folder + "/auth.sqlite3", Self.signUp, lines: [Self.phrase, Self.phrase])
    expectRefusal(result, code: ExitCodes.ioError, mentioning: ["another user"])
    #expect(!FileManager.default.fileExists(atPath: folder + "/auth.sqlite3"))
  }

  @Test("-wal and -shm made 0644 beside a database end up 0600, even under umask 000")
  func companionFilesArePrivate() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    try #require(chmod(workspace.database, 0o644) == 0)
    // A connection held open keeps -wal and -shm in place after authcli exits; SQLite
    // gives them the main file's mode (0644) when this process creates them.
    var handle: OpaquePointer?
    try #require(sqlite3_open(workspace.database, &handle) == SQLITE_OK)
    defer { sqlite3_close(handle) }
    try #require(sqlite3_exec(handle, "SELECT count(*) FROM users", nil, nil, nil) == SQLITE_OK)
    for suffix in ["-wal", "-shm"] {
      try #require(Self.mode(workspace.database + suffix) == 0o644, "fixture \(suffix)")
    }
    // The main file private again (one others can read is refused), the companions not.
    try #require(chmod(workspace.database, 0o600) == 0)
    let result = try await workspace.run(
      ["--db", workspace.database, "whoami"],
      wrapper: ["/bin/sh", "-c", "umask 000; exec \"$@\"", "sh"])
    #expect(result.exitCode == ExitCodes.ok, "\(result.summary)")
    for suffix in ["-wal", "-shm"] {
      #expect(Self.mode(workspace.database + suffix) == 0o600, "\(suffix)")
    }
  }

  static func mode(_ path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o777
  }

  @Test("a planted trigger is refused by name, by every command, and listed by inspect")
  func plantedTrigger() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    try SQLiteWriter.execute(
      """
      CREATE TRIGGER keep_sessions AFTER DELETE ON sessions
      BEGIN INSERT INTO sessions SELECT old.*; END;
      CREATE TRIGGER forget_failures AFTER INSERT ON sign_in_throttle
      BEGIN DELETE FROM sign_in_throttle; END;
      PRAGMA wal_checkpoint(TRUNCATE);
      """, on: workspace.database)
    let before = try Data(contentsOf: URL(fileURLWithPath: workspace.database))
    for arguments in [["signout"], ["whoami"], ["users", "list"], ["migrate"]] {
      let result = try await workspace.run(arguments)
      expectRefusal(
        result, code: ExitCodes.invalidData,
        mentioning: ["extra trigger forget_failures", "extra trigger keep_sessions"])
    }
    let signIn = try await workspace.run(
      ["signin", "--username", "owner", "--password-stdin"], lines: ["wrong guess"])
    expectRefusal(signIn, code: ExitCodes.invalidData, mentioning: ["keep_sessions"])
    let inspected = try await workspace.run(["inspect"], lines: [])
    #expect(inspected.exitCode == ExitCodes.invalidData, "\(inspected.summary)")
    #expect(inspected.outputText.contains("Triggers:        forget_failures"))
    #expect(inspected.outputText.contains("keep_sessions"))
    #expect(inspected.outputText.contains("Schema check:    extra trigger forget_failures"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.database)) == before)
  }

  @Test(
    "an altered table, an index on authcli's table and a dropped index are each named; a view is an app's"
  )
  func alteredSchema() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    try SQLiteWriter.execute(
      """
      ALTER TABLE users ADD COLUMN note TEXT;
      CREATE INDEX users_by_note ON users (note);
      CREATE VIEW everyone AS SELECT username FROM users;
      DROP INDEX auth_events_by_user;
      """, on: workspace.database)
    let result = try await workspace.run(["users", "list"], lines: [])
    expectRefusal(
      result, code: ExitCodes.invalidData,
      mentioning: [
        "altered table users", "extra index users_by_note", "missing index auth_events_by_user",
      ])
    #expect(!result.outputText.contains("everyone"), "\(result.summary)")
    let clean = try Workspace("clean-schema")
    defer { clean.remove() }
    try await clean.signUp("owner", phrase: Self.phrase)
    let inspected = try await clean.run(["inspect"], lines: [])
    #expect(inspected.exitCode == ExitCodes.ok, "\(inspected.summary)")
    #expect(inspected.outputText.contains("Schema check:    ok"))
    #expect(inspected.outputText.contains("Triggers:        none"))
  }

  @Test(
    "a session row no sign-in wrote (start in the future, or expiry past the absolute lifetime) is expired",
    arguments: [
      "created_at = created_at + 74 * 365 * 86400000, expires_at = expires_at + 74 * 365 * 86400000",
      "expires_at = created_at + 31 * 86400000",
      "created_at = created_at + 60000",
    ])
  func implausibleSession(change: String) async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    let before = try await workspace.run(["whoami"], lines: [])
    try #require(before.exitCode == ExitCodes.ok, "\(before.summary)")
    try SQLiteWriter.execute("UPDATE sessions SET \(change)", on: workspace.database)
    let after = try await workspace.run(["whoami"], lines: [])
    #expect(after.exitCode == ExitCodes.noPermission, "\(change): \(after.summary)")
  }

  @Test("when the token cannot be stored, the new session is ended before the error")
  func noOrphanedSession() async throws {
    try await workspace.signUp("owner", phrase: Self.phrase)
    // Root writes through a read-only folder, so the state file is made unwritable another
    // way: a non-empty folder in its place, which the atomic rename cannot replace.
    let folder = workspace.stateFolder()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let stateFile = folder + "/" + (try #require(names.first { $0.hasPrefix("session-") }))
    try FileManager.default.removeItem(atPath: stateFile)
    try FileManager.default.createDirectory(
      atPath: stateFile + "/x", withIntermediateDirectories: true)
    let before = try Self.activeSessions(workspace.database)
    for arguments in [
      ["signin", "--username", "owner", "--password-stdin"],
      ["signup", "--username", "second", "--password-stdin"],
    ] {
      let result = try await workspace.run(arguments, lines: [Self.phrase, Self.phrase])
      #expect(result.exitCode != ExitCodes.ok, "\(arguments): \(result.summary)")
      #expect(result.isOneMessageWithItsStep, "\(result.summary)")
      #expect(try Self.activeSessions(workspace.database) == before, "\(arguments)")
    }
  }

  /// Sessions in the database that have not expired.
  static func activeSessions(_ path: String) throws -> Int {
    var handle: OpaquePointer?
    defer { sqlite3_close(handle) }
    var statement: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK,
      sqlite3_prepare_v2(
        handle, "SELECT count(*) FROM sessions WHERE expires_at > unixepoch() * 1000", -1,
        &statement, nil) == SQLITE_OK
    else { throw HarnessError("cannot count sessions") }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { throw HarnessError("no count") }
    return Int(sqlite3_column_int64(statement, 0))
  }
}
