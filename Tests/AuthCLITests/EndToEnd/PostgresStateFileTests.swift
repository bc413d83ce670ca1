import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

@testable import AuthCLI

/// The session and device-cookie files of a PostgreSQL store are named after the store's
/// own identity, not after the URI's text nor where the connection arrived: one URI that
/// reaches two databases keeps two sessions, and two URIs reaching one store share one.
@Suite("End to end: PostgreSQL state files", .enabled(if: TestPostgres.shouldRun), .serialized)
struct PostgresStateFileTests {
  /// Two databases of their own on the test server, dropped when the test ends.
  final class TwoDatabases {
    let names: [String]
    /// `PGHOST`, `PGPORT` and `PGUSER` of the test server, as its URI gives them.
    let environment: [String: String]
    private let serverURI: String

    init() throws {
      serverURI = try #require(TestPostgres.serverURI)
      let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      names = ["ka_" + suffix, "kb_" + suffix]
      self.environment = TestPostgres.libpqEnvironment
      let connection = try PostgresConnection.connect(serverURI, target: "the test server")
      for name in names { try connection.executeScript("CREATE DATABASE \(name)") }
    }

    deinit {
      let connection = try? PostgresConnection.connect(serverURI, target: "the test server")
      for name in names {
        try? connection?.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
      }
    }
  }

  @Test("one URI, two databases through PGDATABASE: signing up on one keeps the other's session")
  func oneURITwoDatabases() async throws {
    var sandbox = try Sandbox()
    let databases = try TwoDatabases()
    // The URI names no database and no server: libpq takes them from the PG variables.
    sandbox.environment["AUTHCLI_DB"] = "postgresql://"
    sandbox.environment.merge(databases.environment) { $1 }
    let (ka, kb) = (["PGDATABASE": databases.names[0]], ["PGDATABASE": databases.names[1]])
    let input = Passphrase.first + "\n"
    let onKa = try await sandbox.run(
      ["signup", "--username", "alma", "--password-stdin"], input: input, extraEnvironment: ka)
    #expect(onKa.status == 0, "\(onKa.errors)")
    let onKb = try await sandbox.run(
      ["signup", "--username", "bruno", "--password-stdin"], input: input, extraEnvironment: kb)
    #expect(onKb.status == 0, "\(onKb.errors)")
    // A sign-in leaves a device cookie too, in its own file per database.
    for (environment, name) in [(ka, "alma"), (kb, "bruno")] {
      let signIn = try await sandbox.run(
        ["signin", "--username", name, "--password-stdin"], input: input,
        extraEnvironment: environment)
      #expect(signIn.status == 0, "\(name): \(signIn.errors)")
    }
    for (environment, name) in [(ka, "alma"), (kb, "bruno")] {
      let whoami = try await sandbox.run(["whoami", "--json"], extraEnvironment: environment)
      #expect(whoami.status == 0, "\(name): \(whoami.errors)")
      #expect((try? whoami.json() as? [String: Any])?["username"] as? String == name)
    }
    let files = try sandbox.stateFiles()
    #expect(files.filter { $0.hasPrefix("session-") }.count == 2, "\(files)")
    #expect(files.filter { $0.hasPrefix("device-") }.count == 2, "\(files)")
    // Signing out of one leaves the other signed in.
    #expect(try await sandbox.run(["signout"], extraEnvironment: kb).status == 0)
    #expect(try await sandbox.run(["whoami"], extraEnvironment: kb).status == 77)
    #expect(try await sandbox.run(["whoami"], extraEnvironment: ka).status == 0)
  }

  @Test("another spelling of the same server and database finds the same session")
  func sameDatabaseAnotherSpelling() async throws {
    var sandbox = try Sandbox()
    let databases = try TwoDatabases()
    let host = try #require(databases.environment["PGHOST"])
    let user = try #require(databases.environment["PGUSER"])
    let port = databases.environment["PGPORT"].map { "&port=\($0)" } ?? ""
    let name = databases.names[0]
    sandbox.environment["AUTHCLI_DB"] = "postgresql:///\(name)?host=\(host)&user=\(user)\(port)"
    #expect(try await sandbox.signUp("carla").status == 0)
    sandbox.environment["AUTHCLI_DB"] = "postgresql://"
    sandbox.environment.merge(databases.environment) { $1 }
    let whoami = try await sandbox.run(
      ["whoami", "--json"], extraEnvironment: ["PGDATABASE": name])
    #expect(whoami.status == 0, "\(whoami.errors)")
    #expect((try? whoami.json() as? [String: Any])?["username"] as? String == "carla")
  }

  /// The names earlier releases gave a store's files.
  enum EarlierName: CaseIterable {
    /// Where the connection arrived (the release before this one).
    case endpoint
    /// The URI's text (the releases before that).
    case uriText
  }

  @Test(
    "files earlier releases named after the URI's text or the endpoint are taken over once",
    arguments: EarlierName.allCases)
  func earlierFilesAreTakenOver(name: EarlierName) async throws {
    var sandbox = try Sandbox()
    let uri = try TestPostgres.freshSchema().connectionString
    sandbox.environment["AUTHCLI_DB"] = uri
    #expect(try await sandbox.signUp("dora").status == 0)
    #expect(try await sandbox.signIn("dora", password: Passphrase.first).status == 0)
    // Give the files the names an earlier release gave them.
    let folder = sandbox.stateFolder
    let key =
      switch name {
      case .endpoint:
        StateFileKey.of(try PostgresConnection.connect(uri, target: "the test schema").endpoint)
      case .uriText: StateFileKey.legacy(uri: uri)
      }
    let legacy = PathDigest.hex(of: key)
    for prefix in ["session-", "device-"] {
      let current = try #require(try sandbox.stateFiles().first { $0.hasPrefix(prefix) })
      #expect(current != prefix + legacy)
      try FileManager.default.moveItem(
        atPath: folder + "/" + current, toPath: folder + "/" + prefix + legacy)
    }
    let whoami = try await sandbox.run(["whoami", "--json"])
    #expect(whoami.status == 0, "\(whoami.errors)")
    #expect((try? whoami.json() as? [String: Any])?["username"] as? String == "dora")
    let files = try sandbox.stateFiles()
    #expect(files.count == 2, "\(files)")
    #expect(!files.contains { $0.hasSuffix(legacy) }, "\(files)")
    // A file already under the new name is never replaced by an old one.
    try Data("not-a-token\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/session-" + legacy))
    #expect(try await sandbox.run(["whoami"]).status == 0)
    #expect(try sandbox.stateFiles().contains("session-" + legacy))
  }
}
