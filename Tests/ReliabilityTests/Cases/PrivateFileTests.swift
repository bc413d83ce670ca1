import Foundation
import Testing

/// What another local user could read or swap: a database, session token or device cookie
/// that group or others may read, a folder on the way to them that others can change, and
/// the files a refused adoption or a backup would touch. Each is refused with one message (and its next step), the
/// documented code, and the file as it was.
@Suite("Private files", .serialized)
final class PrivateFileTests: WorkspaceCase {
  static let phrase = "private file pass phrase"
  static let signIn = ["signin", "--username", "owner", "--password-stdin"]

  /// A database with one account, signed in with a device cookie.
  static func signedIn(_ workspace: Workspace) async throws {
    try await workspace.signUp("owner", phrase: phrase)
    let again = try await workspace.run(signIn, lines: [phrase])
    try #require(again.exitCode == ExitCodes.ok, "signin: \(again.summary)")
    try SQLiteWriter.execute("PRAGMA wal_checkpoint(TRUNCATE)", on: workspace.database)
  }

  /// The one file in the client's state folder whose name starts with `prefix`.
  static func stateFile(_ workspace: Workspace, _ prefix: String) throws -> String {
    let folder = workspace.stateFolder()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    return folder + "/" + (try #require(names.first { $0.hasPrefix(prefix) }))
  }

  static func mode(_ path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }

  @Test(
    "a database that group or others can read is refused by every command, with the chmod to run",
    arguments: [0o644, 0o640, 0o604] as [mode_t])
  func readableDatabase(mode: mode_t) async throws {
    try await Self.signedIn(workspace)
    try #require(chmod(workspace.database, mode) == 0)
    let before = try FileFingerprint(workspace.database).description
    // Read-only operator commands too: the hashes are on show whoever asks.
    for arguments in [
      ["users", "list"], ["whoami"], ["inspect"], ["audit"], ["migrate"], Self.signIn,
      ["verify", "--username", "owner", "--password-stdin"],
    ] {
      let result = try await workspace.run(arguments, lines: [Self.phrase])
      expectRefusal(
        result, code: ExitCodes.ioError,
        mentioning: [
          "other users can read it (mode \(String(mode, radix: 8)))",
          "chmod 600 \(workspace.database)",
        ])
      #expect(result.output.isEmpty, "\(arguments)")
    }
    #expect(try FileFingerprint(workspace.database).description == before)
    // Made private as told, it works again.
    try #require(chmod(workspace.database, 0o600) == 0)
    let listed = try await workspace.run(["users", "list"])
    #expect(listed.exitCode == ExitCodes.ok, "\(listed.summary)")
  }

  @Test(
    "a session token or device cookie file others can read is refused, with the chmod to run",
    arguments: [("session-", 0o644), ("device-", 0o640)] as [(String, mode_t)])
  func readableStateFile(prefix: String, mode: mode_t) async throws {
    try await Self.signedIn(workspace)
    let file = try Self.stateFile(workspace, prefix)
    try #require(chmod(file, mode) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    // A sign-in would replace the file and leave the exposed session running: refused too.
    for arguments in [["whoami"], Self.signIn] {
      let result = try await workspace.run(arguments, lines: [Self.phrase])
      expectRefusal(
        result, code: ExitCodes.ioError,
        mentioning: [
          file, "other users can read it (mode \(String(mode, radix: 8)))", "chmod 600 \(file)",
        ])
      #expect(result.output.isEmpty, "\(arguments)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    #expect(Self.mode(file) == mode)
  }

  @Test("every file authcli writes is 0600 whatever the umask, so it is never refused later")
  func writtenFilesArePrivate() async throws {
    let loose = ["/bin/sh", "-c", "umask 000; exec \"$@\"", "sh"]
    let input = Data("\(Self.phrase)\n\(Self.phrase)\n".utf8)
    let database = ["--db", workspace.database]
    for arguments in [
      ["signup", "--username", "owner", "--password-stdin"], Self.signIn,
      ["backup", workspace.root + "/copy.sqlite3"],
    ] {
      let result = try await workspace.run(database + arguments, input: input, wrapper: loose)
      try #require(result.exitCode == ExitCodes.ok, "\(arguments): \(result.summary)")
    }
    let copy = workspace.root + "/copy.sqlite3"
    let files = [
      workspace.database, copy, try Self.stateFile(workspace, "session-"),
      try Self.stateFile(workspace, "device-"),
    ]
    for file in files { #expect(Self.mode(file) == 0o600, "\(file)") }
    for arguments in [["whoami"], ["users", "list"], ["--db", copy, "users", "list"]] {
      let result = try await workspace.run(arguments)
      #expect(result.exitCode == ExitCodes.ok, "\(arguments): \(result.summary)")
    }
  }

  /// `open` (0777, not sticky) holding `priv` (0700): whoever can write `open` can put
  /// another folder at `priv`.
  static func openFolder(in workspace: Workspace, sticky: Bool) throws -> String {
    let open = workspace.root + "/open"
    try FileManager.default.createDirectory(
      atPath: open + "/priv", withIntermediateDirectories: true)
    try #require(chmod(open + "/priv", 0o700) == 0)
    try #require(chmod(open, sticky ? 0o1777 : 0o777) == 0)
    return open
  }

  @Test("a database reached through a folder others can write is refused, naming the folder")
  func openFolderOnThePath() async throws {
    try await Self.signedIn(workspace)
    let open = try Self.openFolder(in: workspace, sticky: false)
    let moved = open + "/priv/auth.sqlite3"
    try FileManager.default.moveItem(atPath: workspace.database, toPath: moved)
    for arguments in [["users", "list"], ["inspect"], ["whoami"], ["backup", "copy.sqlite3"]] {
      let result = try await workspace.run(database: moved, arguments)
      expectRefusal(
        result, code: ExitCodes.ioError,
        mentioning: [open + " on its path is unsafe", "other users can write to it (mode 777)"])
    }
    // Named through a relative path, the same.
    let relative = try await workspace.run(database: "open/priv/auth.sqlite3", ["users", "list"])
    expectRefusal(relative, code: ExitCodes.ioError, mentioning: [open + " on its path"])
    // Sticky, as /tmp is, others can rename only their own entries: accepted.
    try #require(chmod(open, 0o1777) == 0)
    let sticky = try await workspace.run(database: moved, ["users", "list"])
    #expect(sticky.exitCode == ExitCodes.ok, "\(sticky.summary)")
  }

  @Test("in a sticky folder, a link of another user on the way is refused; one of this user is not")
  func foreignLinkInStickyFolder() async throws {
    try await Self.signedIn(workspace)
    let open = try Self.openFolder(in: workspace, sticky: true)
    let link = open + "/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: workspace.root)
    let ours = try await workspace.run(database: link + "/auth.sqlite3", ["users", "list"])
    #expect(ours.exitCode == ExitCodes.ok, "\(ours.summary)")
    // `nobody` (65534) stands for another account; the tests run as root, who may chown.
    try #require(lchown(link, 65534, 65534) == 0, "lchown needs root")
    let theirs = try await workspace.run(database: link + "/auth.sqlite3", ["users", "list"])
    expectRefusal(
      theirs, code: ExitCodes.ioError,
      mentioning: [link + " on its path is unsafe", "belongs to another user (uid 65534)"])
  }

  @Test("a state folder reached through a folder others can write is refused")
  func openFolderAboveTheStateFolder() async throws {
    let open = workspace.root + "/open"
    let state = ["XDG_STATE_HOME": open + "/priv/state"]
    try FileManager.default.createDirectory(
      atPath: open + "/priv", withIntermediateDirectories: true)
    try #require(chmod(open + "/priv", 0o700) == 0)
    let input = Data("\(Self.phrase)\n\(Self.phrase)\n".utf8)
    let made = try await workspace.run(
      ["--db", workspace.database, "signup", "--username", "owner", "--password-stdin"],
      input: input, environment: state)
    try #require(made.exitCode == ExitCodes.ok, "\(made.summary)")
    try #require(chmod(open, 0o777) == 0)
    let whoami = try await workspace.run(
      ["--db", workspace.database, "whoami"], environment: state)
    expectRefusal(
      whoami, code: ExitCodes.ioError,
      mentioning: [open + " on its path is unsafe", "other users can write to it (mode 777)"])
    #expect(whoami.output.isEmpty)
  }

  @Test("a refused adoption leaves the file's bytes and mode exactly as they were")
  func refusedAdoptionChangesNothing() async throws {
    try await Self.signedIn(workspace)
    let guess = try await workspace.run(Self.signIn, lines: ["a wrong guess"], client: "other")
    try #require(guess.exitCode == ExitCodes.noPermission, "\(guess.summary)")
    // What a copy restored from a dump looks like (no schema version, no application id,
    // a rollback journal, the shell's umask), with a row that breaks a CHECK constraint.
    try SQLiteWriter.execute(
      """
      PRAGMA journal_mode = DELETE;
      PRAGMA user_version = 0;
      PRAGMA application_id = 0;
      PRAGMA ignore_check_constraints = ON;
      UPDATE sign_in_throttle SET consecutive_failures = -1;
      """, on: workspace.database)
    try #require(chmod(workspace.database, 0o644) == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: workspace.database))
    try #require(before[18...19] == Data([1, 1]), "fixture is in rollback-journal mode")
    let adopt = try await workspace.run(["migrate", "--adopt"])
    expectRefusal(
      adopt, code: ExitCodes.invalidData,
      mentioning: ["Not adopted", "CHECK constraint failed", "nothing was changed"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.database)) == before)
    #expect(Self.mode(workspace.database) == 0o644)
    for suffix in ["-wal", "-shm", "-journal"] {
      #expect(!FileManager.default.fileExists(atPath: workspace.database + suffix), "\(suffix)")
    }
  }

  @Test("a backup into a folder others can write is refused, naming the backup's folder")
  func backupFolderIsNamed() async throws {
    try await Self.signedIn(workspace)
    let shared = workspace.root + "/shared"
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    try #require(chmod(shared, 0o1777) == 0)
    let result = try await workspace.run(["backup", shared + "/copy.sqlite3"])
    expectRefusal(
      result, code: ExitCodes.ioError,
      mentioning: ["the backup's folder \(shared)", "other users can write to it"])
    #expect(!result.errorText.contains("database folder"), "\(result.summary)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
  }
}
