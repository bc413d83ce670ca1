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
}
