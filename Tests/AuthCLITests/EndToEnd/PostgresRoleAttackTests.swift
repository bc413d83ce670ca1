import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

/// The two-role database of the attacks below (`TwoRoleDatabase`), read back by the server's
/// own role.
final class SharedDatabase: TwoRoleDatabase {
  init() throws {
    try super.init(prefix: "shared")
  }

  /// How many rows `table` holds, read by the server's own role.
  func count(_ table: String) throws -> Int {
    let connection = try connect(as: nil)
    // A qualified name the test itself writes ("public.users"), spliced as SQL text.
    return try connection.queryFirst(
      PostgresQuery(sql: "SELECT pg_catalog.count(*) AS count FROM \(table)")
    ) { row throws(PostgresError) in try row.decode(Int.self, "count") } ?? -1
  }
}

/// Attacks by another role on the same PostgreSQL database, each against the real binary.
@Suite("Another role on the same PostgreSQL database", .enabled(if: TestPostgres.shouldRun))
struct PostgresRoleAttackTests {
  /// Every name of a `pg_catalog` function that appears followed by `(` in the SQL authcli
  /// runs on PostgreSQL: the migrations and the string literals of the adapter.
  static func calledBuiltinNames(on connection: PostgresConnection) throws -> Set<String> {
    let known = Set(
      try connection.query(
        """
        SELECT DISTINCT proname::text AS name FROM pg_catalog.pg_proc
        WHERE pronamespace = 'pg_catalog'::regnamespace
        """
      ) { row throws(PostgresError) in try row.decode(String.self, "name") })
    var names: Set<String> = []
    for text in try PostgresSQLText.all() {
      for match in text.matches(of: /([A-Za-z_][A-Za-z0-9_]*)\s*\(/) {
        let name = String(match.output.1).lowercased()
        if known.contains(name) { names.insert(name) }
      }
    }
    return names
  }

  /// Creates, as `other`, a table that records each call, and for every built-in `names`
  /// holds, overloads in `schema` that would win against it for an unqualified call: the same
  /// argument types, `text` and `name` swapped (as `hashtext(name)` against
  /// `hashtext(text)`), `integer` and `bigint` swapped, and up to three `text` arguments for
  /// the variadic ones. Returns how many were planted.
  static func plantOverloads(
    of names: Set<String>, in schema: String, by connection: PostgresConnection
  ) throws -> Int {
    try connection.executeScript(
      """
      CREATE TABLE \(schema).called (what text);
      GRANT INSERT, SELECT ON \(schema).called TO PUBLIC;
      """)
    let signatures = try connection.query(
      """
      SELECT p.proname::text AS name, pg_catalog.format_type(p.prorettype, NULL) AS returns,
        pg_catalog.array_to_string(ARRAY(
          SELECT pg_catalog.format_type(t, NULL) FROM pg_catalog.unnest(p.proargtypes) AS t), ',')
          AS arguments,
        p.provariadic <> 0 AS variadic,
        EXISTS (SELECT FROM pg_catalog.unnest(p.proargtypes) AS t
          JOIN pg_catalog.pg_type AS y ON y.oid = t WHERE y.typtype = 'p') AS pseudo_argument,
        (SELECT y.typtype = 'p' FROM pg_catalog.pg_type AS y WHERE y.oid = p.prorettype)
          AS pseudo_result,
        p.proretset AS returns_set
      FROM pg_catalog.pg_proc AS p
      WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.prokind = 'f'
        AND p.proname = ANY (\("{" + names.sorted().joined(separator: ",") + "}")::text[])
      """
    ) { row throws(PostgresError) in
      (
        name: try row.decode(String.self, "name"), returns: try row.decode(String.self, "returns"),
        arguments: try row.decode(String.self, "arguments").split(separator: ",").map(String.init),
        variadic: try row.decode(Bool.self, "variadic"),
        pseudoArgument: try row.decode(Bool.self, "pseudo_argument"),
        pseudoResult: try row.decode(Bool.self, "pseudo_result"),
        returnsSet: try row.decode(Bool.self, "returns_set")
      )
    }
    var planted: Set<String> = []
    for signature in signatures where !signature.returnsSet {
      let returns = signature.pseudoResult ? "text" : signature.returns
      var variants: [[String]] = []
      if signature.variadic || signature.pseudoArgument {
        variants = [["text"], ["text", "text"], ["text", "text", "text"], ["name"]]
      } else {
        let swaps = ["text": "name", "name": "text", "integer": "bigint", "bigint": "integer"]
        variants.append(signature.arguments)
        for index in signature.arguments.indices {
          if let swapped = swaps[signature.arguments[index]] {
            var variant = signature.arguments
            variant[index] = swapped
            variants.append(variant)
          }
        }
        variants.append(signature.arguments.map { swaps[$0] ?? $0 })
      }
      for variant in variants {
        let key = "\(signature.name)(\(variant.joined(separator: ", ")))"
        guard planted.insert(key).inserted else { continue }
        let quoted = key.replacingOccurrences(of: "'", with: "''")
        try connection.executeScript(
          """
          CREATE FUNCTION \(schema).\(signature.name)(\(variant.joined(separator: ", ")))
          RETURNS \(returns) LANGUAGE plpgsql
          AS $$BEGIN INSERT INTO \(schema).called VALUES ('\(quoted)'); RETURN NULL; END$$
          """)
      }
    }
    return planted.count
  }

  /// The commands an owner runs in a day, each with the exit status it must end with.
  static func dayOfCommands(_ sandbox: borrowing Sandbox) async throws -> [(String, Int32)] {
    var results: [(String, Int32)] = []
    func record(_ label: String, _ run: Sandbox.Run) {
      results.append((label + ": " + run.errors, run.status))
    }
    record("migrate", try await sandbox.run(["migrate"]))
    record("signup", try await sandbox.signUp("ada"))
    record("whoami", try await sandbox.run(["whoami"]))
    record("wrong signin", try await sandbox.signIn("ada", password: "not the passphrase at all"))
    record("signin", try await sandbox.signIn("ada", password: Passphrase.first))
    record(
      "verify",
      try await sandbox.run(
        ["verify", "--username", "ada", "--password-stdin"], input: Passphrase.first + "\n"))
    record("users list", try await sandbox.run(["users", "list"]))
    record("users show", try await sandbox.run(["users", "show", "ada"]))
    record("audit", try await sandbox.run(["audit"]))
    record("inspect", try await sandbox.run(["inspect"]))
    record("migrate status", try await sandbox.run(["migrate", "status"]))
    record("prune", try await sandbox.run(["sessions", "prune"]))
    record("lock", try await sandbox.run(["users", "lock", "ada"]))
    record("unlock", try await sandbox.run(["users", "unlock", "ada"]))
    record("signout", try await sandbox.run(["signout", "--all"]))
    return results
  }

  @Test(
    "overloads of every built-in authcli calls, planted in a schema on the search path, never run")
  func overloadsOnTheSearchPathNeverRun() async throws {
    let shared = try SharedDatabase()
    let other = try shared.connect(as: shared.other)
    let names = try Self.calledBuiltinNames(on: other)
    // The ones the unqualified calls of earlier releases used, at least.
    #expect(names.isSuperset(of: ["hashtext", "current_schema", "convert_to", "count", "max"]))
    // The owner keeps authcli in a schema of its own, listed first; `public`, where the other
    // role plants, comes after it, as in the default `"$user", public`.
    try shared.connect(as: nil).executeScript(
      "CREATE SCHEMA \(shared.owner) AUTHORIZATION \(shared.owner)")
    let planted = try Self.plantOverloads(of: names, in: "public", by: other)
    #expect(planted > names.count)

    // The overloads work: an unqualified call as the owner, with the default search path,
    // runs the planted function (here the one earlier releases called on every open).
    let owner = try shared.connect(as: shared.owner)
    try owner.executeScript("SET search_path = \"$user\", public")
    try owner.executeScript("SELECT hashtext(current_schema())")
    #expect(try shared.count("public.called") == 1)
    try other.executeScript("DELETE FROM public.called")

    var sandbox = try Sandbox(engine: .postgres)
    sandbox.environment["AUTHCLI_DB"] = try shared.uri(as: shared.owner)
    for (label, status) in try await Self.dayOfCommands(sandbox) {
      #expect(status == (label.hasPrefix("wrong signin") ? 77 : 0), "\(label)")
    }
    #expect(try shared.count("public.called") == 0)
    #expect(try shared.count("\(shared.owner).users") == 1)
  }

  @Test("overloads planted in authcli's own schema are refused by name, and none runs")
  func overloadsInTheSchemaAreRefusedAndNeverRun() async throws {
    let shared = try SharedDatabase()
    let other = try shared.connect(as: shared.other)
    let names = try Self.calledBuiltinNames(on: other)
    var sandbox = try Sandbox(engine: .postgres)
    // authcli's schema is `public` (the owner has none of its own), writable by the other role.
    sandbox.environment["AUTHCLI_DB"] = try shared.uri(as: shared.owner)
    #expect(try await sandbox.signUp("ada").status == 0)
    _ = try Self.plantOverloads(of: names, in: "public", by: other)

    for (label, status) in try await Self.dayOfCommands(sandbox)
    where !label.hasPrefix("inspect") && !label.hasPrefix("migrate status") {
      #expect(status == 65, "\(label)")
      #expect(label.contains("extra function hashtext(name)"), "\(label)")
      #expect(label.contains("owned by role \(shared.other)"), "\(label)")
    }
    let inspect = try await sandbox.run(["inspect"])
    #expect(inspect.status == 65)
    #expect(inspect.output.contains("extra table called"))
    #expect(inspect.output.contains("extra function convert_to(text, text)"))
    #expect(try shared.count("public.called") == 0)
  }

  @Test("a trigger or a rule that keeps ended sessions alive is refused, and inspect names it")
  func triggersAndRulesAreRefused() async throws {
    for plant in [
      """
      CREATE FUNCTION keep_session() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO sessions OVERRIDING SYSTEM VALUE SELECT OLD.*; RETURN NULL; END $$;
      CREATE TRIGGER keep_sessions AFTER DELETE ON sessions FOR EACH ROW
        EXECUTE FUNCTION keep_session()
      """,
      "CREATE RULE keep_sessions AS ON DELETE TO sessions DO INSTEAD NOTHING",
    ] {
      let sandbox = try Sandbox(engine: .postgres)
      #expect(try await sandbox.signUp("ada").status == 0)
      let tokenFile = try #require(try sandbox.stateFiles().first { $0.hasPrefix("session-") })
      let token = try String(contentsOfFile: sandbox.stateFolder + "/" + tokenFile, encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let uri = try #require(sandbox.environment["AUTHCLI_DB"])
      let target = try #require(PostgresTarget(uri: uri))
      try PostgresConnection.connect(target.connectionString, target: "test").executeScript(plant)

      let signOut = try await sandbox.run(["signout", "--all"])
      #expect(signOut.status == 65, "\(signOut.errors)")
      #expect(signOut.errors.contains("keep_sessions on sessions"), "\(signOut.errors)")
      let lock = try await sandbox.run(["users", "lock", "ada"])
      #expect(lock.status == 65)
      let check = try await sandbox.run(
        ["sessions", "check", "--token-stdin"], input: token + "\n")
      #expect(check.status == 65)
      let inspect = try await sandbox.run(["inspect"])
      #expect(inspect.status == 65)
      #expect(inspect.output.contains("keep_sessions on sessions"))
      #expect(!inspect.output.contains("Schema check:    ok"))
    }
  }

  @Test("with the schema watch, a trigger planted after an open that skipped the check is refused")
  func theSchemaWatchSkipsNothingThatChanged() async throws {
    let shared = try SharedDatabase()
    try shared.installSchemaWatch()
    var sandbox = try Sandbox(engine: .postgres)
    sandbox.environment["AUTHCLI_DB"] = try shared.uri(as: shared.owner)
    #expect(try await sandbox.run(["migrate"]).status == 0)
    try shared.connect(as: shared.owner).executeScript(
      "GRANT TRIGGER ON sessions TO \(shared.other)")
    #expect(try await sandbox.signUp("ada").status == 0)
    let recorded = try shared.schemaWatchEpoch()
    #expect(try shared.checkedEpoch(of: shared.owner) == recorded)
    // Data alone (sign-in, sessions) does not move the epoch: these opens skip the check.
    #expect(try await sandbox.signIn("ada", password: Passphrase.first).status == 0)
    #expect(try await sandbox.run(["whoami"]).status == 0)
    #expect(try shared.schemaWatchEpoch() == recorded)

    try shared.connect(as: shared.other).executeScript(
      """
      CREATE FUNCTION public.keep_session() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN NULL; END $$;
      CREATE TRIGGER keep_sessions AFTER DELETE ON public.sessions FOR EACH ROW
        EXECUTE FUNCTION public.keep_session()
      """)
    let whoami = try await sandbox.run(["whoami"])
    #expect(whoami.status == 65)
    #expect(whoami.errors.contains("extra trigger keep_sessions on sessions"), "\(whoami.errors)")
    #expect(
      whoami.errors.contains("function keep_session() owned by role \(shared.other)"),
      "\(whoami.errors)")
    #expect(try shared.checkedEpoch(of: shared.owner) == recorded)
  }

  @Test("tables another role made are refused, and inspect names their owner")
  func tablesOfAnotherRoleAreRefused() async throws {
    let shared = try SharedDatabase()
    var sandbox = try Sandbox(engine: .postgres)
    // The other role migrates first, in `public`, and lets everyone in.
    sandbox.environment["AUTHCLI_DB"] = try shared.uri(as: shared.other)
    #expect(try await sandbox.run(["migrate"]).status == 0)
    try shared.connect(as: shared.other).executeScript(
      """
      GRANT ALL ON ALL TABLES IN SCHEMA public TO PUBLIC;
      GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO PUBLIC;
      """)

    sandbox.environment["AUTHCLI_DB"] = try shared.uri(as: shared.owner)
    let signUp = try await sandbox.signUp("ada")
    #expect(signUp.status == 65)
    #expect(signUp.errors.contains("table users owned by role \(shared.other)"), "\(signUp.errors)")
    #expect(try shared.count("public.users") == 0)
    let inspect = try await sandbox.run(["inspect"])
    #expect(inspect.status == 65)
    #expect(
      inspect.output.contains("Owner:           \(shared.other) (connected as \(shared.owner))"))
    #expect(inspect.output.contains("table users owned by role \(shared.other)"))
  }
}

/// A schema of authcli's role's name that another role made: the default search path
/// (`"$user", public`) finds it first, so a store in `public` would move into it.
@Suite(
  "A schema another role made, and a store no command may create",
  .enabled(if: TestPostgres.shouldRun))
struct PostgresSchemaCaptureTests {
  @Test("a schema named after authcli's role, made by another role, is refused by name")
  func aSchemaOfAnotherRoleIsRefused() async throws {
    let shared = try SharedDatabase()
    var sandbox = try Sandbox(engine: .postgres)
    sandbox.environment["AUTHCLI_DB"] = try shared.uri(as: shared.owner)
    #expect(try await sandbox.signUp("ada").status == 0)
    let session = try #require(try sandbox.stateFiles().first { $0.hasPrefix("session-") })

    // The other role may create schemas in the database; it makes one named after the role
    // authcli connects as, and lets that role use it and create in it.
    try shared.connect(as: nil).executeScript(
      "GRANT CREATE ON DATABASE \(shared.name) TO \(shared.other)")
    try shared.connect(as: shared.other).executeScript(
      """
      CREATE SCHEMA \(shared.owner);
      GRANT USAGE, CREATE ON SCHEMA \(shared.owner) TO \(shared.owner)
      """)

    for arguments in [["whoami"], ["users", "list"], ["migrate"], ["inspect"]] {
      let run = try await sandbox.run(arguments)
      #expect(run.status == 65, "\(arguments): \(run.status) \(run.errors)")
      #expect(
        run.errors.contains(
          "chema \(shared.owner) belongs to role \(shared.other), which is neither the role"
            + " connected (\(shared.owner)) nor the database's owner"),
        "\(arguments): \(run.errors)")
    }
    let signUp = try await sandbox.signUp("eve")
    #expect(signUp.status == 65, "\(signUp.errors)")
    #expect(try sandbox.stateFiles().contains(session), "the session file is kept")
    let tables = try shared.connect(as: nil).queryFirst(
      """
      SELECT pg_catalog.count(*) AS count FROM pg_catalog.pg_tables
      WHERE schemaname = \(shared.owner)
      """
    ) { row throws(PostgresError) in try row.decode(Int.self, "count") }
    #expect(tables == 0, "nothing was created in the other role's schema")
    #expect(try shared.count("public.users") == 1)
  }

  @Test("on a schema with no tables only migrate, signup, users add and users import create them")
  func onlyTheCreatingCommandsCreateTables() async throws {
    let sandbox = try Sandbox(engine: .postgres)
    let uri = try #require(sandbox.environment["AUTHCLI_DB"])
    let target = try #require(PostgresTarget(uri: uri))
    func tableCount() throws -> Int {
      try PostgresConnection.connect(target.connectionString, target: "test").queryFirst(
        """
        SELECT pg_catalog.count(*) AS count FROM pg_catalog.pg_tables
        WHERE schemaname = pg_catalog.current_schema()
        """
      ) { row throws(PostgresError) in try row.decode(Int.self, "count") } ?? -1
    }
    let using: [([String], String)] = [
      (["whoami"], ""), (["signin", "--username", "ada", "--password-stdin"], Passphrase.first),
      (["verify", "--username", "ada", "--password-stdin"], Passphrase.first),
      (["sessions", "check", "--token-stdin"], "not-a-token"), (["users", "show", "ada"], ""),
      (["users", "list"], ""), (["audit"], ""), (["sessions", "prune"], ""),
    ]
    for (arguments, input) in using {
      let run = try await sandbox.run(arguments, input: input + "\n")
      #expect(run.status == 65, "\(arguments): \(run.status) \(run.errors)")
      #expect(
        run.errors.contains("The database needs migration 0001_"), "\(arguments): \(run.errors)")
      #expect(try tableCount() == 0, "\(arguments) created tables")
    }
    let added = try await sandbox.run(
      ["users", "add", "--username", "ada", "--password-stdin"],
      input: "\(Passphrase.first)\n\(Passphrase.first)\n")
    #expect(added.status == 0, "\(added.errors)")
    #expect(try tableCount() > 0)
    #expect(try await sandbox.run(["users", "show", "ada"]).status == 0)
  }
}

/// The SQL authcli runs on PostgreSQL, as text: each migration, and each string literal of
/// the adapter's sources that holds a statement.
enum PostgresSQLText {
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  static func all() throws -> [String] {
    let manager = FileManager.default
    var texts: [String] = []
    let migrations = packageRoot.appendingPathComponent("Migrations/postgres")
    for name in try manager.contentsOfDirectory(atPath: migrations.path)
    where name.hasSuffix(".sql") {
      let text = try String(contentsOf: migrations.appendingPathComponent(name), encoding: .utf8)
      // Comments are prose, not calls.
      texts.append(
        text.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n"))
    }
    let sources = packageRoot.appendingPathComponent("Sources/AuthPostgres")
    let files = try #require(manager.enumerator(atPath: sources.path))
    for case let path as String in files where path.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      for literal in text.matches(of: /"""\n((?s).*?)"""|"((?:[^"\\\n]|\\.)*)"/) {
        let body = String(literal.output.1 ?? literal.output.2 ?? "")
        if body.contains(/\b(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER)\b/) { texts.append(body) }
      }
    }
    return texts
  }
}

@Suite("Every built-in in authcli's PostgreSQL SQL is named with its schema")
struct QualifiedBuiltinTests {
  /// Built-in function names that SQL writes as syntax rather than calls (a type in a column
  /// definition or cast, a keyword before a parenthesis), which the server resolves in
  /// `pg_catalog` whatever the search path.
  static let syntax: Set<String> = [
    "bigint", "integer", "text", "bytea", "boolean", "numeric", "any", "exists", "in", "values",
    "key", "check", "filter", "over", "coalesce", "extract", "time", "interval", "unique",
    "references", "on", "as", "nullif", "greatest", "least",
  ]

  @Test func everyCallOfAFunctionIsQualified() throws {
    var unqualified: Set<String> = []
    for text in try PostgresSQLText.all() {
      for match in text.matches(of: /(^|[^.\w"%])([a-z_][a-z0-9_]*)\s*\(/) {
        let name = String(match.output.2)
        if !Self.syntax.contains(name) { unqualified.insert(name) }
      }
    }
    // Table names, aliases and common table expressions followed by their column list are
    // not calls.
    let tables: Set<String> = [
      "users", "sessions", "auth_events", "sign_in_throttle", "secret_keys", "device_cookies",
      "second_factors", "recovery_codes", "schema_migrations", "sign_in_work", "app_migrations",
      "user_groups", "group_members", "objects", "reached", "v",
    ]
    #expect(unqualified.subtracting(tables).isEmpty, "unqualified: \(unqualified.sorted())")
  }
}
