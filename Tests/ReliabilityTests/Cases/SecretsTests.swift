import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

/// After a scripted session, no password and no session token can be found anywhere it
/// should not be: database, WAL, audit table, output. Every file is private (0600).
@Suite("Secrets", .serialized)
final class SecretsTests: WorkspaceCase {
  private static let first = "first secret pass phrase 7Q"
  private static let second = "second secret pass phrase 9Z"
  private static let wrong = "wrong secret pass phrase 3X"

  @Test("no password or token at rest or in output; database and state files are 0600")
  func scriptedSession() async throws {
    var evidence = Evidence(workspace: workspace)
    let steps: [(arguments: [String], lines: [String], exit: Int32)] = [
      (["signup", "--username", "keeper", "--password-stdin"], [Self.first], 0),
      (["whoami"], [], 0),
      (["whoami", "--json"], [], 0),
      (["signout"], [], 0),
      (["signin", "--username", "keeper", "--password-stdin"], [Self.wrong], 77),
      (["signin", "--username", "keeper", "--password-stdin"], [Self.first], 0),
      (["sessions", "list"], [], 0),
      (["sessions", "list", "--json"], [], 0),
      (["passwd", "--password-stdin"], [Self.first, Self.second], 0),
      (["signin", "--username", "keeper", "--password-stdin"], [Self.second], 0),
      (["users", "list", "--json"], [], 0),
      (["inspect", "--json"], [], 0),
      (["signout", "--all"], [], 0),
    ]
    for step in steps {
      let result = try await workspace.run(database: nil, step.arguments, lines: step.lines)
      #expect(result.exitCode == step.exit, "\(step.arguments): \(result.summary)")
      try evidence.collect(after: result)
    }

    #expect(!evidence.tokens.isEmpty, "no session token was ever found in the state folder")
    let secrets = evidence.forbiddenPatterns(passwords: [Self.first, Self.second, Self.wrong])
    for (place, bytes) in evidence.places {
      for (name, pattern) in secrets where bytes.range(of: pattern) != nil {
        Issue.record("\(name) found in \(place)")
      }
    }
    let snapshot = try ConsistencyCheck.expectConsistent(workspace.database)
    for event in snapshot.events {
      let text = Data("\(event.kind) \(event.username ?? "") \(event.detail)".utf8)
      for (name, pattern) in secrets where text.range(of: pattern) != nil {
        Issue.record("\(name) found in the audit table")
      }
    }
    for (path, mode) in evidence.modes.sorted(by: { $0.key < $1.key }) {
      #expect(mode == 0o600, "\(path) has mode \(String(mode, radix: 8))")
    }
    #expect(evidence.modes.keys.contains { $0.hasSuffix("-wal") }, "the WAL was never seen")
  }
}

/// A passphrase typed into the username field (it fits the username rules) is kept only as
/// a keyed hash, and probes of that name still correlate and throttle.
@Suite("Secrets typed as names", .serialized)
final class TypedNameTests: WorkspaceCase {
  static let typed = "correct-horse-battery-staple"
  static let ownersPhrase = "a keeper's very own pass phrase"

  /// The owner's account, three failed sign-ins under the typed passphrase, and one wrong
  /// password of the owner's: what each engine's case then looks for.
  static func probeTypedName(in workspace: Workspace, database: String? = nil) async throws {
    try await workspace.signUp("owner", phrase: ownersPhrase, database: database)
    for name in [typed, typed, typed, "owner"] {
      let probe = try await workspace.run(
        database: database, ["signin", "--username", name, "--password-stdin"],
        lines: ["not the owner's phrase"])
      #expect(probe.exitCode == ExitCodes.noPermission, "\(name): \(probe.summary)")
    }
  }

  @Test("a name with no account is never stored in clear; its failures still count")
  func typedPassphraseIsHashed() async throws {
    try await Self.probeTypedName(in: workspace)
    // Neither the database, nor its WAL, holds the typed text, in any letter case.
    for suffix in ["", "-wal"] {
      let path = workspace.database + suffix
      guard let bytes = FileManager.default.contents(atPath: path) else { continue }
      #expect(bytes.range(of: Data(Self.typed.utf8)) == nil, "found in \(path)")
    }
    _ = try ConsistencyCheck.expectConsistent(workspace.database)
    let reader = try SQLiteReader(path: workspace.database)
    let events = try reader.rows(
      "SELECT user_id IS NULL, username FROM auth_events WHERE kind = 'sign_in_failed'"
    ) { (noAccount: $0.int(0) == 1, username: $0.text(1)) }
    let unknown = events.filter(\.noAccount)
    #expect(unknown.count == 3)
    // One keyed hash, the same for each probe, so they correlate.
    #expect(Set(unknown.compactMap(\.username)).count == 1)
    let hashed = try #require(unknown.first?.username)
    #expect(hashed.count == 64 && hashed.allSatisfy(\.isHexDigit), "\(hashed)")
    // The account's own event names it by id (and keeps its name).
    let known = events.filter { !$0.noAccount }
    #expect(known.map(\.username) == ["owner"])
    // The throttle counted the three probes under the same hash, and holds no clear name.
    let rows = try reader.rows(
      "SELECT username, consecutive_failures FROM sign_in_throttle ORDER BY username"
    ) { [$0.text(0) ?? "", String($0.int(1))] }
    #expect(rows.count == 2)
    #expect(rows.contains { $0[0] == hashed && $0[1] == "3" }, "\(rows)")
    #expect(!rows.contains { $0[0] == "owner" || $0[0] == Self.typed }, "\(rows)")
  }

  @Test(
    "on PostgreSQL too: a name with no account is never stored in clear; its failures count",
    .needsPostgres)
  func typedPassphraseIsHashedOnPostgreSQL() async throws {
    let target = try TestPostgres.freshSchema()
    let database = target.connectionString
    try await Self.probeTypedName(in: workspace, database: database)
    let snapshot = try PostgresSnapshot.expectConsistent(target)
    // No row of the schema holds the typed text, in any column, in any letter case.
    let connection = try PostgresConnection.connect(database, target: "typed-name")
    for table in ["auth_events", "sign_in_throttle", "users", "sessions", "device_cookies"] {
      let found = try connection.queryFirst(
        """
        SELECT count(*) AS count FROM \(identifier: table) AS t
        WHERE strpos(lower(t::text), \(Self.typed)) > 0
        """
      ) { row throws(PostgresError) in try row.decode(Int64.self, "count") }
      #expect(found == 0, "found in \(table)")
    }
    // Each probe's event holds the same keyed hash, the one made here with the schema's key.
    let unknown = snapshot.events.filter { $0.kind == "sign_in_failed" && $0.username != "owner" }
    #expect(unknown.count == 3)
    #expect(unknown.allSatisfy { $0.username == snapshot.keyedName(Self.typed) }, "\(unknown)")
    #expect(snapshot.events.filter { $0.kind == "sign_in_failed" }.count == 4)
    // The throttle counted the three probes under that hash, and the owner's one under its.
    #expect(snapshot.failures(of: Self.typed) == 3)
    #expect(snapshot.failures(of: "owner") == 1)
    #expect(snapshot.throttle.count == 2)
  }
}

/// A name typed at sign-in never reaches a PostgreSQL server in clear: a server that logs
/// every statement with its bound values (`log_statement = 'all'`) has nothing to write.
@Suite("Secrets typed as names, in the server log", .serialized, .needsPostgres)
final class TypedNameServerLogTests: WorkspaceCase {
  @Test("a passphrase typed as the name is not in the log of a server that logs every statement")
  func typedPassphraseIsNotInTheServerLog() async throws {
    let server = try ThrowawayServer()
    defer { server.stop() }
    // Every later session of the database logs each statement and its parameters.
    let setup = try PostgresConnection.connect(server.uri, target: "setup")
    try setup.executeScript("ALTER DATABASE authcli SET log_statement = 'all'")
    let database = server.uri
    let phrase = TypedNameTests.ownersPhrase
    try await workspace.signUp("owner", phrase: phrase, database: database)
    for command in ["signin", "verify", "signin"] {
      let probe = try await workspace.run(
        database: database, [command, "--username", TypedNameTests.typed, "--password-stdin"],
        lines: ["anything at all"])
      #expect(probe.exitCode == ExitCodes.noPermission, "\(probe.summary)")
    }
    let owner = try await workspace.run(
      database: database, ["signin", "--username", "owner", "--password-stdin"], lines: [phrase])
    #expect(owner.exitCode == ExitCodes.ok, "\(owner.summary)")
    let shown = try await workspace.run(
      database: database, ["users", "show", TypedNameTests.typed])
    #expect(shown.exitCode == ExitCodes.invalidData, "\(shown.summary)")

    let log = try String(contentsOfFile: server.folder + "/server.log", encoding: .utf8)
    // The log does hold the statements and their values: the lookups were logged.
    #expect(log.contains("FROM users WHERE"), "statements were not logged")
    #expect(log.contains("parameters: $1 = "), "parameters were not logged")
    #expect(log.contains("'owner'"), "the new account's name (stored, not secret) was not logged")
    #expect(!log.lowercased().contains(TypedNameTests.typed), "the typed name is in the log")
  }
}

/// Everything a session left behind, gathered after each step.
struct Evidence {
  let workspace: Workspace
  /// Place name → bytes (outputs, and every version of the database files seen).
  var places: [(String, Data)] = []
  /// Path → permission bits of every database and state file seen.
  var modes: [String: Int] = [:]
  /// Every session token found in the state folder.
  var tokens: Set<String> = []
  private var step = 0

  init(workspace: Workspace) { self.workspace = workspace }

  /// Records a step's output and the files as they are now.
  mutating func collect(after result: RunResult) throws {
    step += 1
    places.append(("stdout of step \(step)", result.output))
    places.append(("stderr of step \(step)", result.errors))
    for suffix in ["", "-wal", "-shm"] {
      let path = workspace.database + suffix
      guard FileManager.default.fileExists(atPath: path) else { continue }
      places.append(
        ("\(path) after step \(step)", try Data(contentsOf: URL(fileURLWithPath: path))))
      modes[path] = try Self.mode(of: path)
    }
    let folder = workspace.stateFolder()
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      modes[folder + "/" + name] = try Self.mode(of: folder + "/" + name)
    }
    tokens.formUnion(try StoredTokens.tokens(in: folder, prefix: ""))
  }

  /// Every form a secret could take: passwords as text, tokens as text, raw bytes,
  /// hex (both cases) and standard base64.
  func forbiddenPatterns(passwords: [String]) -> [(String, Data)] {
    var patterns = passwords.map { ("a password", Data($0.utf8)) }
    for token in tokens {
      patterns.append(("a token (base64url)", Data(token.utf8)))
      guard let raw = StoredTokens.decode(token) else { continue }
      let hex = raw.map { String(format: "%02x", $0) }.joined()
      patterns += [
        ("a token (raw bytes)", raw), ("a token (hex)", Data(hex.utf8)),
        ("a token (HEX)", Data(hex.uppercased().utf8)),
        ("a token (base64)", Data(raw.base64EncodedString().dropLast().utf8)),
      ]
    }
    return patterns
  }

  private static func mode(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return ((attributes[.posixPermissions] as? Int) ?? -1) & 0o777
  }
}
