import Foundation
import PostgresTestSupport
import Testing

/// The lockout an attacker cannot keep up: a stranger's wrong guesses lock the name for
/// clients without a device cookie, never the owner's own device; failures with a cookie
/// lock that cookie alone; an operator's unlock clears both.
@Suite("Device cookies", .serialized)
struct DeviceCookieTests {
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
    let workspace = try Workspace("device-cookies")
    defer { workspace.remove() }
    let database = try engine.database(in: workspace)
    let made = try await workspace.run(
      database: database, ["signup", "--username", "owner", "--password-stdin"],
      lines: [Self.phrase],
      client: "owner")
    try #require(made.exitCode == ExitCodes.ok, "\(made.summary)")
    // The owner's first sign-in on this device leaves a cookie (0600, beside the session).
    let first = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "owner")
    try #require(first.exitCode == ExitCodes.ok, "\(first.summary)")
    let folder = workspace.stateFolder(client: "owner")
    let cookies = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasPrefix("device-") }
    #expect(cookies.count == 1)
    let cookieMode =
      try FileManager.default.attributesOfItem(
        atPath: folder + "/" + (cookies.first ?? ""))[.posixPermissions] as? Int
    #expect(cookieMode == 0o600)
    // A stranger guesses past the limit: the name is locked for clients without a cookie,
    // so even the right password is refused there.
    for _ in 0..<7 {
      let guess = try await workspace.run(
        database: database, Self.signIn, lines: ["a stranger's guess"], client: "stranger")
      #expect(guess.exitCode == ExitCodes.noPermission, "\(guess.summary)")
    }
    let strangerRight = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "stranger")
    #expect(strangerRight.exitCode == ExitCodes.noPermission, "\(strangerRight.summary)")
    // The owner's device is not locked out, before or after signing out.
    let owner = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "owner")
    #expect(owner.exitCode == ExitCodes.ok, "\(owner.summary)")
    let signedOut = try await workspace.run(
      database: database, ["signout"], lines: [], client: "owner")
    #expect(signedOut.exitCode == ExitCodes.ok, "\(signedOut.summary)")
    let again = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "owner")
    #expect(again.exitCode == ExitCodes.ok, "\(again.summary)")
    // A copied cookie (the owner's, stolen) is limited by its own lock: failures with it
    // lock it, and then even the right password is refused with it.
    for _ in 0..<6 {
      let wrong = try await workspace.run(
        database: database, Self.signIn, lines: ["not the phrase"], client: "owner")
      #expect(wrong.exitCode == ExitCodes.noPermission, "\(wrong.summary)")
    }
    let lockedCookie = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "owner")
    #expect(lockedCookie.exitCode == ExitCodes.noPermission, "\(lockedCookie.summary)")
    // The operator's unlock clears both locks.
    let unlocked = try await workspace.run(
      database: database, ["users", "unlock", "owner"], lines: [], client: "admin")
    #expect(unlocked.exitCode == ExitCodes.ok, "\(unlocked.summary)")
    for client in ["owner", "stranger"] {
      let after = try await workspace.run(
        database: database, Self.signIn, lines: [Self.phrase], client: client)
      #expect(after.exitCode == ExitCodes.ok, "\(client): \(after.summary)")
    }
  }

  @Test("a cookie is trusted only for the account it was issued to", arguments: Engine.allCases)
  func cookieIsBoundToItsAccount(engine: Engine) async throws {
    let workspace = try Workspace("device-cookie-binding")
    defer { workspace.remove() }
    let database = try engine.database(in: workspace)
    for (name, phrase) in [("owner", Self.phrase), ("other", Self.otherPhrase)] {
      let made = try await workspace.run(
        database: database, ["signup", "--username", name, "--password-stdin"], lines: [phrase],
        client: "setup")
      try #require(made.exitCode == ExitCodes.ok, "\(made.summary)")
    }
    let signedIn = try await workspace.run(
      database: database, ["signin", "--username", "owner", "--password-stdin"],
      lines: [Self.phrase],
      client: "shared")
    try #require(signedIn.exitCode == ExitCodes.ok, "\(signedIn.summary)")
    // The shared device's cookie belongs to owner: guesses at other from it count on
    // other's name like any untrusted client's, and lock it there.
    for _ in 0..<6 {
      _ = try await workspace.run(
        database: database, ["signin", "--username", "other", "--password-stdin"],
        lines: ["a guess"],
        client: "shared")
    }
    let otherFromElsewhere = try await workspace.run(
      database: database, ["signin", "--username", "other", "--password-stdin"],
      lines: [Self.otherPhrase],
      client: "third")
    #expect(otherFromElsewhere.exitCode == ExitCodes.noPermission, "\(otherFromElsewhere.summary)")
  }

  @Test(
    "a stranger's guesses refuse neither the owner's passwd nor her verify on her device",
    arguments: Engine.allCases)
  func strangerCannotBlockTheOwnersOtherChecks(engine: Engine) async throws {
    let workspace = try Workspace("device-cookie-passwd")
    defer { workspace.remove() }
    let database = try engine.database(in: workspace)
    let made = try await workspace.run(
      database: database, ["signup", "--username", "owner", "--password-stdin"],
      lines: [Self.phrase], client: "setup")
    try #require(made.exitCode == ExitCodes.ok, "\(made.summary)")
    // The owner signs in on her device, which leaves her cookie there.
    let signedIn = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "owner")
    try #require(signedIn.exitCode == ExitCodes.ok, "\(signedIn.summary)")
    // A stranger (his own state folder, so no cookie) fails six times for her name.
    for _ in 0..<6 {
      let guess = try await workspace.run(
        database: database, Self.signIn, lines: ["a stranger's guess"], client: "stranger")
      #expect(guess.exitCode == ExitCodes.noPermission, "\(guess.summary)")
    }
    // Her password change from her own device is judged by her cookie, not the name's lock.
    let changed = try await workspace.run(
      database: database, ["passwd", "--password-stdin"], lines: [Self.phrase, Self.otherPhrase],
      client: "owner")
    #expect(changed.exitCode == ExitCodes.ok, "\(changed.summary)")
    #expect(changed.outputText.contains("Password changed"), "\(changed.outputText)")
    let verified = try await workspace.run(
      database: database, ["verify", "--username", "owner", "--password-stdin"],
      lines: [Self.otherPhrase], client: "owner")
    #expect(verified.exitCode == ExitCodes.ok, "\(verified.summary)")
    // Elsewhere the name stays locked for every kind of check.
    let strangerVerify = try await workspace.run(
      database: database, ["verify", "--username", "owner", "--password-stdin"],
      lines: [Self.otherPhrase], client: "stranger")
    #expect(strangerVerify.exitCode == ExitCodes.noPermission, "\(strangerVerify.summary)")
    let strangerSignIn = try await workspace.run(
      database: database, Self.signIn, lines: [Self.otherPhrase], client: "stranger")
    #expect(strangerSignIn.exitCode == ExitCodes.noPermission, "\(strangerSignIn.summary)")
  }

  @Test(
    "a device keeps a cookie per account: another account signing in there costs none",
    arguments: Engine.allCases)
  func eachAccountKeepsItsCookieOnASharedDevice(engine: Engine) async throws {
    let workspace = try Workspace("device-cookie-accounts")
    defer { workspace.remove() }
    let database = try engine.database(in: workspace)
    for (name, phrase) in [("alice", Self.phrase), ("bob", Self.otherPhrase)] {
      let made = try await workspace.run(
        database: database, ["signup", "--username", name, "--password-stdin"], lines: [phrase],
        client: "setup")
      try #require(made.exitCode == ExitCodes.ok, "\(made.summary)")
    }
    // Alice, then bob, sign in on the same device (the same state folder).
    for (name, phrase) in [("alice", Self.phrase), ("bob", Self.otherPhrase)] {
      let signedIn = try await workspace.run(
        database: database, ["signin", "--username", name, "--password-stdin"], lines: [phrase],
        client: "shared")
      try #require(signedIn.exitCode == ExitCodes.ok, "\(signedIn.summary)")
    }
    let folder = workspace.stateFolder(client: "shared")
    let cookies = try Self.cookieFiles(in: folder)
    #expect(cookies.count == 2, "\(cookies)")
    for cookie in cookies { #expect(try Self.mode(of: folder + "/" + cookie) == 0o600) }
    #expect(try Self.mode(of: folder) == 0o700)
    // A stranger locks alice's name; alice's own device still lets her in.
    for _ in 0..<6 {
      _ = try await workspace.run(
        database: database, ["signin", "--username", "alice", "--password-stdin"],
        lines: ["a stranger's guess"], client: "stranger")
    }
    let alice = try await workspace.run(
      database: database, ["signin", "--username", "alice", "--password-stdin"],
      lines: [Self.phrase], client: "shared")
    #expect(alice.exitCode == ExitCodes.ok, "\(alice.summary)")
  }

  @Test(
    "the single cookie file of the previous release is still honoured, then replaced",
    arguments: Engine.allCases)
  func previousReleasesCookieFileStillCounts(engine: Engine) async throws {
    let workspace = try Workspace("device-cookie-previous")
    defer { workspace.remove() }
    let database = try engine.database(in: workspace)
    for (name, phrase) in [("alice", Self.phrase), ("bob", Self.otherPhrase)] {
      let made = try await workspace.run(
        database: database, ["signup", "--username", name, "--password-stdin"], lines: [phrase],
        client: "setup")
      try #require(made.exitCode == ExitCodes.ok, "\(made.summary)")
    }
    let aliceSignIn = ["signin", "--username", "alice", "--password-stdin"]
    let first = try await workspace.run(
      database: database, aliceSignIn, lines: [Self.phrase], client: "shared")
    try #require(first.exitCode == ExitCodes.ok, "\(first.summary)")
    // The previous release kept one file per database, `device-<database digest>`, holding
    // the token and a newline, as the per-account file does: renaming alice's file to that
    // name leaves exactly what that release would have left after her sign-in.
    let folder = workspace.stateFolder(client: "shared")
    let own = try #require(try Self.cookieFiles(in: folder).first)
    let previous = try #require(own.components(separatedBy: "-account-").first)
    try FileManager.default.moveItem(atPath: folder + "/" + own, toPath: folder + "/" + previous)
    // Bob signing in there presents alice's old cookie, which is not his: it is not trusted
    // for him, and stays for her.
    let bob = try await workspace.run(
      database: database, ["signin", "--username", "bob", "--password-stdin"],
      lines: [Self.otherPhrase], client: "shared")
    try #require(bob.exitCode == ExitCodes.ok, "\(bob.summary)")
    #expect(FileManager.default.fileExists(atPath: folder + "/" + previous))
    for _ in 0..<6 {
      _ = try await workspace.run(
        database: database, aliceSignIn, lines: ["a stranger's guess"], client: "stranger")
    }
    let alice = try await workspace.run(
      database: database, aliceSignIn, lines: [Self.phrase], client: "shared")
    #expect(alice.exitCode == ExitCodes.ok, "\(alice.summary)")
    // Her success replaced the old cookie with one of her own; the old file is gone.
    #expect(!FileManager.default.fileExists(atPath: folder + "/" + previous))
    #expect(try Self.cookieFiles(in: folder).count == 2)
    let again = try await workspace.run(
      database: database, aliceSignIn, lines: [Self.phrase], client: "shared")
    #expect(again.exitCode == ExitCodes.ok, "\(again.summary)")
  }

  @Test(
    "a cookie file named after the account's name, as the previous release kept it, counts",
    arguments: Engine.allCases)
  func previousReleasesPerNameCookieFileStillCounts(engine: Engine) async throws {
    let workspace = try Workspace("device-cookie-per-name")
    defer { workspace.remove() }
    let database = try engine.database(in: workspace)
    let made = try await workspace.run(
      database: database, ["signup", "--username", "owner", "--password-stdin"],
      lines: [Self.phrase], client: "setup")
    try #require(made.exitCode == ExitCodes.ok, "\(made.summary)")
    let first = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "owner")
    try #require(first.exitCode == ExitCodes.ok, "\(first.summary)")
    // The previous release named the file `device-<database digest>-<digest of the name>`
    // (16 hex digits); the cookie in it is what that release would have left.
    let folder = workspace.stateFolder(client: "owner")
    let own = try #require(try Self.cookieFiles(in: folder).first)
    let shared = try #require(own.components(separatedBy: "-account-").first)
    let previous = shared + "-0123456789abcdef"
    try FileManager.default.moveItem(atPath: folder + "/" + own, toPath: folder + "/" + previous)
    for _ in 0..<6 {
      _ = try await workspace.run(
        database: database, Self.signIn, lines: ["a stranger's guess"], client: "stranger")
    }
    let owner = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "owner")
    #expect(owner.exitCode == ExitCodes.ok, "\(owner.summary)")
    #expect(try Self.cookieFiles(in: folder) == [own], "taken over under the account's id")
  }

  @Test(
    "an operator's rename keeps the owner's device trusted under the new name",
    arguments: Engine.allCases)
  func cookieFollowsTheAccountAcrossARename(engine: Engine) async throws {
    let workspace = try Workspace("device-cookie-rename")
    defer { workspace.remove() }
    let database = try engine.database(in: workspace)
    let made = try await workspace.run(
      database: database, ["signup", "--username", "owner", "--password-stdin"],
      lines: [Self.phrase], client: "setup")
    try #require(made.exitCode == ExitCodes.ok, "\(made.summary)")
    let first = try await workspace.run(
      database: database, Self.signIn, lines: [Self.phrase], client: "owner")
    try #require(first.exitCode == ExitCodes.ok, "\(first.summary)")
    let renamed = try await workspace.run(
      database: database, ["users", "rename", "owner", "ava"], lines: [], client: "admin")
    try #require(renamed.exitCode == ExitCodes.ok, "\(renamed.summary)")
    // A stranger locks the new name for clients without a cookie.
    let avaSignIn = ["signin", "--username", "ava", "--password-stdin"]
    for _ in 0..<6 {
      let guess = try await workspace.run(
        database: database, avaSignIn, lines: ["a stranger's guess"], client: "stranger")
      #expect(guess.exitCode == ExitCodes.noPermission, "\(guess.summary)")
    }
    // The owner's device signed in as "owner"; its cookie is the account's, whatever its name.
    let owner = try await workspace.run(
      database: database, avaSignIn, lines: [Self.phrase], client: "owner")
    #expect(owner.exitCode == ExitCodes.ok, "\(owner.summary)")
    let folder = workspace.stateFolder(client: "owner")
    #expect(try Self.cookieFiles(in: folder).count == 1, "the replaced cookie's file is gone")
    // Whoever takes the old name next gains nothing from that device's cookie.
    let taken = try await workspace.run(
      database: database, ["signup", "--username", "owner", "--password-stdin"],
      lines: [Self.otherPhrase], client: "setup")
    try #require(taken.exitCode == ExitCodes.ok, "\(taken.summary)")
    for _ in 0..<6 {
      _ = try await workspace.run(
        database: database, Self.signIn, lines: ["a stranger's guess"], client: "stranger")
    }
    let newOwner = try await workspace.run(
      database: database, Self.signIn, lines: [Self.otherPhrase], client: "owner")
    #expect(newOwner.exitCode == ExitCodes.noPermission, "\(newOwner.summary)")
    let again = try await workspace.run(
      database: database, avaSignIn, lines: [Self.phrase], client: "owner")
    #expect(again.exitCode == ExitCodes.ok, "\(again.summary)")
  }

  /// The device cookie files in a state folder.
  static func cookieFiles(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("device-") }
      .sorted()
  }

  /// A file's permission bits.
  static func mode(of path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }
}
