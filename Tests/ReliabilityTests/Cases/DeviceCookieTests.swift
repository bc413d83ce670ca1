import Foundation
import PostgresTestSupport
import Testing

/// The lockout an attacker cannot keep up: a stranger's wrong guesses lock the name for
/// clients without a device cookie, never the owner's own device; failures with a cookie
/// lock that cookie alone; an operator's unlock clears both.
@Suite("Device cookies", .serialized)
final class DeviceCookieTests: WorkspaceCase {
  /// The engines these cases run on: an SQLite file, and PostgreSQL when its runs take place
  /// (always under CI).
  enum Engine: String, CaseIterable, Sendable {
    case sqlite
    case postgres

    static var allCases: [Engine] { TestPostgres.shouldRun ? [.sqlite, .postgres] : [.sqlite] }

    /// The database a case's commands name: the workspace's file, or a fresh schema.
    func database(in workspace: Workspace) throws -> String {
      self == .postgres ? try TestPostgres.freshSchema().connectionString : workspace.database
    }
  }

  static let phrase = "plum tractor dawn whistle"
  static let otherPhrase = "kettle marble ocean lantern"
  static let signIn = ["signin", "--username", "owner", "--password-stdin"]

  @Test(
    "a stranger's guesses cannot lock out the owner's device; a cookie has its own lock",
    arguments: Engine.allCases)
  func strangerCannotLockTheOwnerOut(engine: Engine) async throws {
    let clients = try Clients(workspace, engine)
    try await clients.signUp("owner", Self.phrase, as: "owner")
    // The owner's first sign-in on this device leaves a cookie (0600, beside the session).
    try await clients.require(Self.signIn, [Self.phrase], as: "owner")
    let folder = workspace.stateFolder(client: "owner")
    let cookies = try Self.cookieFiles(in: folder)
    #expect(cookies.count == 1)
    #expect(try Self.mode(of: folder + "/" + (cookies.first ?? "")) == 0o600)
    // A stranger guesses past the limit: the name is locked for clients without a cookie,
    // so even the right password is refused there.
    try await clients.expectRefusedGuesses(Self.signIn, count: 7, as: "stranger")
    try await clients.expect(ExitCodes.noPermission, Self.signIn, [Self.phrase], as: "stranger")
    // The owner's device is not locked out, before or after signing out.
    try await clients.expect(ExitCodes.ok, Self.signIn, [Self.phrase], as: "owner")
    try await clients.expect(ExitCodes.ok, ["signout"], [], as: "owner")
    try await clients.expect(ExitCodes.ok, Self.signIn, [Self.phrase], as: "owner")
    // A copied cookie (the owner's, stolen) is limited by its own lock: failures with it
    // lock it, and then even the right password is refused with it.
    try await clients.expectRefusedGuesses(Self.signIn, as: "owner")
    try await clients.expect(ExitCodes.noPermission, Self.signIn, [Self.phrase], as: "owner")
    // The operator's unlock clears both locks.
    try await clients.expect(ExitCodes.ok, ["users", "unlock", "owner"], [], as: "admin")
    for client in ["owner", "stranger"] {
      try await clients.expect(ExitCodes.ok, Self.signIn, [Self.phrase], as: client)
    }
  }

  @Test("a cookie is trusted only for the account it was issued to", arguments: Engine.allCases)
  func cookieIsBoundToItsAccount(engine: Engine) async throws {
    let clients = try Clients(workspace, engine)
    try await clients.signUp("owner", Self.phrase)
    try await clients.signUp("other", Self.otherPhrase)
    try await clients.require(Self.signIn, [Self.phrase], as: "shared")
    // The shared device's cookie belongs to owner: guesses at other from it count on
    // other's name like any untrusted client's, and lock it there.
    let otherSignIn = Self.signIn(as: "other")
    try await clients.guess(otherSignIn, ["a guess"], as: "shared")
    try await clients.expect(
      ExitCodes.noPermission, otherSignIn, [Self.otherPhrase], as: "third")
  }

  @Test(
    "a stranger's guesses refuse neither the owner's passwd nor her verify on her device",
    arguments: Engine.allCases)
  func strangerCannotBlockTheOwnersOtherChecks(engine: Engine) async throws {
    let clients = try Clients(workspace, engine)
    try await clients.ownerSignedInOnHerDevice()
    // A stranger (his own state folder, so no cookie) fails six times for her name.
    try await clients.expectRefusedGuesses(Self.signIn, as: "stranger")
    // Her password change from her own device is judged by her cookie, not the name's lock.
    let changed = try await clients.expect(
      ExitCodes.ok, ["passwd", "--password-stdin"], [Self.phrase, Self.otherPhrase],
      as: "owner")
    #expect(changed.outputText.contains("Password changed"), "\(changed.outputText)")
    let verify = ["verify", "--username", "owner", "--password-stdin"]
    try await clients.expect(ExitCodes.ok, verify, [Self.otherPhrase], as: "owner")
    // Elsewhere the name stays locked for every kind of check.
    try await clients.expect(ExitCodes.noPermission, verify, [Self.otherPhrase], as: "stranger")
    try await clients.expect(
      ExitCodes.noPermission, Self.signIn, [Self.otherPhrase], as: "stranger")
  }

  @Test(
    "a device keeps a cookie per account: another account signing in there costs none",
    arguments: Engine.allCases)
  func eachAccountKeepsItsCookieOnASharedDevice(engine: Engine) async throws {
    let clients = try Clients(workspace, engine)
    try await clients.signUpAliceAndBob()
    // Alice, then bob, sign in on the same device (the same state folder).
    try await clients.require(Self.signIn(as: "alice"), [Self.phrase], as: "shared")
    try await clients.require(Self.signIn(as: "bob"), [Self.otherPhrase], as: "shared")
    let folder = workspace.stateFolder(client: "shared")
    let cookies = try Self.cookieFiles(in: folder)
    #expect(cookies.count == 2, "\(cookies)")
    for cookie in cookies { #expect(try Self.mode(of: folder + "/" + cookie) == 0o600) }
    #expect(try Self.mode(of: folder) == 0o700)
    // A stranger locks alice's name; alice's own device still lets her in.
    try await clients.guess(Self.signIn(as: "alice"), ["a stranger's guess"], as: "stranger")
    try await clients.expect(ExitCodes.ok, Self.signIn(as: "alice"), [Self.phrase], as: "shared")
  }

  @Test(
    "the single cookie file of the previous release is still honoured, then replaced",
    arguments: Engine.allCases)
  func previousReleasesCookieFileStillCounts(engine: Engine) async throws {
    let clients = try Clients(workspace, engine)
    try await clients.signUpAliceAndBob()
    let aliceSignIn = Self.signIn(as: "alice")
    try await clients.require(aliceSignIn, [Self.phrase], as: "shared")
    // The previous release kept one file per database, `device-<database digest>`, holding
    // the token and a newline, as the per-account file does: renaming alice's file to that
    // name leaves exactly what that release would have left after her sign-in.
    let folder = workspace.stateFolder(client: "shared")
    let previous = try Self.renameCookie(in: folder) { $0 }.previous
    // Bob signing in there presents alice's old cookie, which is not his: it is not trusted
    // for him, and stays for her.
    try await clients.require(Self.signIn(as: "bob"), [Self.otherPhrase], as: "shared")
    #expect(FileManager.default.fileExists(atPath: folder + "/" + previous))
    try await clients.guess(aliceSignIn, ["a stranger's guess"], as: "stranger")
    try await clients.expect(ExitCodes.ok, aliceSignIn, [Self.phrase], as: "shared")
    // Her success replaced the old cookie with one of her own; the old file is gone.
    #expect(!FileManager.default.fileExists(atPath: folder + "/" + previous))
    #expect(try Self.cookieFiles(in: folder).count == 2)
    try await clients.expect(ExitCodes.ok, aliceSignIn, [Self.phrase], as: "shared")
  }

  @Test(
    "a cookie file named after the account's name, as the previous release kept it, counts",
    arguments: Engine.allCases)
  func previousReleasesPerNameCookieFileStillCounts(engine: Engine) async throws {
    let clients = try Clients(workspace, engine)
    try await clients.ownerSignedInOnHerDevice()
    // The previous release named the file `device-<database digest>-<digest of the name>`
    // (16 hex digits); the cookie in it is what that release would have left.
    let folder = workspace.stateFolder(client: "owner")
    let (own, previous) = try Self.renameCookie(in: folder) { $0 + "-0123456789abcdef" }
    try await clients.guess(Self.signIn, ["a stranger's guess"], as: "stranger")
    try await clients.expect(ExitCodes.ok, Self.signIn, [Self.phrase], as: "owner")
    #expect(try Self.cookieFiles(in: folder) == [own], "taken over under the account's id")
  }

  @Test(
    "an operator's rename keeps the owner's device trusted under the new name",
    arguments: Engine.allCases)
  func cookieFollowsTheAccountAcrossARename(engine: Engine) async throws {
    let clients = try Clients(workspace, engine)
    try await clients.ownerSignedInOnHerDevice()
    try await clients.require(["users", "rename", "owner", "ava"], [], as: "admin")
    // A stranger locks the new name for clients without a cookie.
    let avaSignIn = Self.signIn(as: "ava")
    try await clients.expectRefusedGuesses(avaSignIn, as: "stranger")
    // The owner's device signed in as "owner"; its cookie is the account's, whatever its name.
    try await clients.expect(ExitCodes.ok, avaSignIn, [Self.phrase], as: "owner")
    let folder = workspace.stateFolder(client: "owner")
    #expect(try Self.cookieFiles(in: folder).count == 1, "the replaced cookie's file is gone")
    // Whoever takes the old name next gains nothing from that device's cookie.
    try await clients.signUp("owner", Self.otherPhrase)
    try await clients.guess(Self.signIn, ["a stranger's guess"], as: "stranger")
    try await clients.expect(
      ExitCodes.noPermission, Self.signIn, [Self.otherPhrase], as: "owner")
    try await clients.expect(ExitCodes.ok, avaSignIn, [Self.phrase], as: "owner")
  }

  /// `signin` for `name`, the password on standard input.
  static func signIn(as name: String) -> [String] {
    ["signin", "--username", name, "--password-stdin"]
  }

  /// One case's database and the commands run on it, each as a client: a state folder, so a
  /// device with its own cookies.
  struct Clients {
    let workspace: Workspace
    let database: String

    init(_ workspace: Workspace, _ engine: Engine) throws {
      self.workspace = workspace
      database = try engine.database(in: workspace)
    }

    /// Runs `arguments` as `client`, `lines` on standard input.
    func run(
      _ arguments: [String], _ lines: [String], as client: String
    ) async throws
      -> RunResult
    {
      try await workspace.run(database: database, arguments, lines: lines, client: client)
    }

    /// Runs, and expects `exitCode`.
    @discardableResult
    func expect(
      _ exitCode: Int32, _ arguments: [String], _ lines: [String], as client: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> RunResult {
      let result = try await run(arguments, lines, as: client)
      #expect(result.exitCode == exitCode, "\(result.summary)", sourceLocation: sourceLocation)
      return result
    }

    /// Runs a step the rest of the case stands on: it must succeed.
    func require(
      _ arguments: [String], _ lines: [String], as client: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      let result = try await run(arguments, lines, as: client)
      try #require(
        result.exitCode == ExitCodes.ok, "\(result.summary)", sourceLocation: sourceLocation)
    }

    /// Creates `name`'s account, by default from a client that is no one's device.
    func signUp(_ name: String, _ phrase: String, as client: String = "setup") async throws {
      try await require(
        ["signup", "--username", name, "--password-stdin"], [phrase], as: client)
    }

    /// The owner's account, and her sign-in on her own device, which leaves her cookie there.
    func ownerSignedInOnHerDevice() async throws {
      try await signUp("owner", DeviceCookieTests.phrase)
      try await require(DeviceCookieTests.signIn, [DeviceCookieTests.phrase], as: "owner")
    }

    /// Alice's account and bob's, each with a phrase of its own.
    func signUpAliceAndBob() async throws {
      try await signUp("alice", DeviceCookieTests.phrase)
      try await signUp("bob", DeviceCookieTests.otherPhrase)
    }

    /// `count` wrong guesses, each of which must be refused.
    func expectRefusedGuesses(
      _ arguments: [String], count: Int = 6, as client: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      for _ in 0..<count {
        try await expect(
          ExitCodes.noPermission, arguments, ["a wrong guess"], as: client,
          sourceLocation: sourceLocation)
      }
    }

    /// Six wrong guesses, enough to lock what they count against; their answers are not
    /// what the case checks.
    func guess(_ arguments: [String], _ lines: [String], as client: String) async throws {
      for _ in 0..<6 { _ = try await run(arguments, lines, as: client) }
    }
  }

  /// The device cookie files in a state folder.
  static func cookieFiles(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("device-") }
      .sorted()
  }

  /// Renames the device's one cookie file to what a previous release called it, a name made
  /// from the file's database part (`device-<database digest>`); returns both names.
  static func renameCookie(
    in folder: String, toPrevious previousName: (String) -> String
  ) throws -> (own: String, previous: String) {
    let own = try #require(try cookieFiles(in: folder).first)
    let databasePart = try #require(own.components(separatedBy: "-account-").first)
    let previous = previousName(databasePart)
    try FileManager.default.moveItem(atPath: folder + "/" + own, toPath: folder + "/" + previous)
    return (own, previous)
  }

  /// A file's permission bits.
  static func mode(of path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }
}
