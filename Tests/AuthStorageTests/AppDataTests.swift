import AuthCore
import AuthDatabase
import AuthPostgres
import AuthStorage
import Foundation
import PostgresTestSupport
import Testing

/// An app's own data beside the accounts: its migrations under a namespace of its own, its
/// tables accepted by the schema check and listed apart, and its foreign keys followed when
/// an account is deleted or renamed.
@Suite("An app's own data")
struct AppDataTests {
  /// A namespace no other test uses, since on PostgreSQL it names a schema of the database.
  static func namespace() -> String {
    "app_" + UUID().uuidString.lowercased().replacing("-", with: "").prefix(12)
  }

  /// The profile table of the example app, on each engine.
  static func profiles(
    _ namespace: String, engine: StoreLocation, onDelete: String
  ) -> AppMigrations {
    let type = engine == .postgres ? "bigint" : "INTEGER"
    let strict = engine == .postgres ? "" : " STRICT"
    return AppMigrations(
      namespace: namespace,
      migrations: [
        Migration(
          version: 1, name: "profiles",
          sql: """
            CREATE TABLE profiles (
              user_id \(type) PRIMARY KEY REFERENCES users (id) \(onDelete),
              email text NOT NULL
            )\(strict);
            """),
        Migration(
          version: 2, name: "profiles_by_email",
          sql: "CREATE INDEX profiles_by_email ON profiles (email);"),
      ])
  }

  static func open(
    _ harness: StoreHarness, apps: [AppMigrations]
  ) throws -> any AuthStore {
    switch harness.location {
    case .memory, .file:
      return try SQLiteAuthStore.open(path: harness.path, appMigrations: apps)
    case .postgres:
      return try PostgresAuthStore.open(try #require(harness.postgresTarget), appMigrations: apps)
    }
  }

  static var sqlLocations: [StoreLocation] { StoreLocation.allCases }

  /// Runs `sql` on the store's own connection.
  static func execute(_ sql: String, on store: any AuthStore) throws {
    switch store {
    case let sqlite as SQLiteAuthStore:
      try sqlite.withDatabase { try $0.executeScript(sql) }
    case let postgres as PostgresAuthStore:
      try postgres.withConnection { try $0.executeScript(sql) }
    default:
      Issue.record("not a database store")
    }
  }

  /// The schema authcli's tables are in (PostgreSQL), quoted.
  static func authSchema(_ store: any AuthStore) throws -> String {
    guard let postgres = store as? PostgresAuthStore else { return "main" }
    return try postgres.withConnection { "\"" + $0.schema + "\"" }
  }

  /// A PostgreSQL store with an app's schema beside authcli's, for the tests of what the
  /// schema check makes of an app's objects there.
  struct PostgresApp {
    let harness: StoreHarness
    let target: PostgresTarget
    /// authcli's schema, quoted.
    let schema: String
    /// The app's namespace, which names its schema.
    let namespace: String

    /// A fresh store, and the app's schema for a new namespace made of `sql` (written for
    /// authcli's schema and the namespace); `nil` when this run has no PostgreSQL.
    static func make(
      _ sql: (_ schema: String, _ namespace: String) -> String
    ) throws -> PostgresApp? {
      guard TestPostgres.shouldRun else { return nil }
      let harness = try StoreHarness(.postgres)
      let schema = try AppDataTests.authSchema(harness.store)
      let namespace = AppDataTests.namespace()
      try AppDataTests.execute(
        "CREATE SCHEMA \(namespace);\n" + sql(schema, namespace), on: harness.store)
      return PostgresApp(
        harness: harness, target: try #require(harness.postgresTarget), schema: schema,
        namespace: namespace)
    }
  }

  @Test(
    "app migrations are recorded apart, applied once, and the stock open still accepts the store",
    arguments: sqlLocations.filter { $0 != .memory })
  func recordedApart(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let namespace = Self.namespace()
    let app = Self.profiles(namespace, engine: location, onDelete: "ON DELETE CASCADE")
    let before = try harness.rowCount("schema_migrations")
    var store = try Self.open(harness, apps: [app])
    #expect(try harness.rowCount("schema_migrations") == before)
    #expect(try harness.rowCount("app_migrations") == 2)
    if let sqlite = store as? SQLiteAuthStore {
      let version = try sqlite.withDatabase { try $0.userVersion() }
      #expect(version == SQLiteMigrator().newestVersion)
      let recorded = try sqlite.withDatabase {
        try SQLiteMigrator.appliedMigrations(of: namespace, in: $0)
      }
      #expect(recorded == ["0001_profiles", "0002_profiles_by_email"])
    }
    // Again: nothing more to apply.
    store = try Self.open(harness, apps: [app])
    #expect(try harness.rowCount("app_migrations") == 2)
    // The stock open, which knows no app migrations, accepts the store and its data.
    _ = try harness.reopen()
    let ada = try await insertSampleUser("ada", into: harness.store)
    #expect(ada.username == "ada")
    // A newer app's store is refused by the older app, before anything is written.
    let older = AppMigrations(namespace: namespace, migrations: [app.migrations[0]])
    #expect(
      throws: MigrationSetError.namespaceTooNew(namespace: namespace, found: 2, newestKnown: 1)
    ) {
      _ = try Self.open(harness, apps: [older])
    }
    let renamed = AppMigrations(
      namespace: namespace,
      migrations: [
        app.migrations[0], Migration(version: 2, name: "other_index", sql: "SELECT 1;"),
      ])
    #expect(
      throws: MigrationSetError.recordedDiffers(
        recorded: "0002_profiles_by_email", known: "0002_other_index")
    ) {
      _ = try Self.open(harness, apps: [renamed])
    }
    _ = store
  }

  @Test("an app's migration set is held to authcli's rules")
  func setRules() throws {
    let first = Migration(version: 1, name: "a", sql: "SELECT 1;")
    let third = Migration(version: 3, name: "c", sql: "SELECT 1;")
    #expect(first.identifier == "0001_a")
    #expect(throws: MigrationSetError.gap(missing: 2, before: "0003_c.sql")) {
      try AppMigrations(namespace: "profiles", migrations: [first, third]).requireValidSet()
    }
    #expect(throws: MigrationSetError.duplicateNumber(1, files: ["0001_a.sql", "0001_b.sql"])) {
      try AppMigrations(
        namespace: "profiles",
        migrations: [first, Migration(version: 1, name: "b", sql: "SELECT 1;")]
      ).requireValidSet()
    }
    for bad in ["", "Profiles", "1app", "pg_app", "app-data", String(repeating: "a", count: 64)] {
      #expect(throws: MigrationSetError.misnamedNamespace(bad)) {
        try AppMigrations(namespace: bad, migrations: [first]).requireValidSet()
      }
    }
    try AppMigrations(namespace: "profiles", migrations: [first]).requireValidSet()
  }

  @Test(
    "an app migration that attaches to authcli's tables is rolled back",
    arguments: sqlLocations.filter { $0 != .memory }, ["trigger", "index"])
  func attachingMigrationRefused(location: StoreLocation, attachment: String) throws {
    let harness = try StoreHarness(location)
    let schema = try Self.authSchema(harness.store)
    let sql =
      attachment == "index"
      ? "CREATE INDEX users_by_created ON \(schema).users (created_at);"
      : location == .postgres
        ? """
        CREATE FUNCTION keep() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
        CREATE TRIGGER keep_users BEFORE DELETE ON \(schema).users
          FOR EACH ROW EXECUTE FUNCTION keep();
        """
        : "CREATE TRIGGER keep_users BEFORE DELETE ON users BEGIN SELECT 1; END;"
    let app = AppMigrations(
      namespace: Self.namespace(), migrations: [Migration(version: 1, name: "attach", sql: sql)])
    #expect(throws: (any Error).self) { _ = try Self.open(harness, apps: [app]) }
    #expect(try harness.rowCount("app_migrations") == 0)
    // Nothing stayed: the stock open accepts the store.
    _ = try harness.reopen()
  }

  @Test(
    "an app migration whose own trigger a cascade from authcli's tables fires is rolled back",
    arguments: sqlLocations.filter { $0 != .memory })
  func cascadeTriggerMigrationRefused(location: StoreLocation) throws {
    let harness = try StoreHarness(location)
    let sql =
      location == .postgres
      ? """
      CREATE TABLE profiles (user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE);
      CREATE FUNCTION keep() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
      CREATE TRIGGER keep_profile BEFORE DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION keep();
      """
      : """
      CREATE TABLE profiles (user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE);
      CREATE TRIGGER keep_profile BEFORE DELETE ON profiles BEGIN SELECT RAISE(IGNORE); END;
      """
    let app = AppMigrations(
      namespace: Self.namespace(), migrations: [Migration(version: 1, name: "profiles", sql: sql)])
    do {
      _ = try Self.open(harness, apps: [app])
      Issue.record("an app migration's trigger that a cascade fires was accepted")
    } catch {
      #expect("\(error)".contains("(ON DELETE CASCADE from users fires it)"), "\(error)")
    }
    #expect(try harness.rowCount("app_migrations") == 0)
    _ = try harness.reopen()
  }

  @Test(
    "deleting an account follows an app's keys: cascading rows go, a restricting key refuses",
    arguments: sqlLocations, ["ON DELETE CASCADE", "", "ON DELETE RESTRICT"])
  func deleteFollowsKeys(location: StoreLocation, onDelete: String) async throws {
    let harness = try StoreHarness(location)
    let app = Self.profiles(Self.namespace(), engine: location, onDelete: onDelete)
    let store = try Self.open(harness, apps: [app])
    let ada = try await insertSampleUser("ada", into: store)
    _ = try await store.write {
      try $0.insertSession(
        userID: ada.id, tokenHash: tokenHash(1), createdAt: time(0), expiresAt: time(3600))
    }
    let table = location == .postgres ? "\"\(app.namespace)\".profiles" : "profiles"
    try Self.execute(
      "INSERT INTO \(table) (user_id, email) VALUES (\(ada.id.rawValue), 'ada@example.org')",
      on: store)
    // Renaming keeps the id, and so the profile.
    try await store.write { try $0.renameUser(ada.id, to: username("lovelace"), at: time(5)) }
    let delete: @Sendable () async throws -> Void = {
      _ = try await store.write { context throws(AuthError) in
        _ = try context.deleteSessions(of: ada.id, except: nil)
        return try context.deleteUser(ada.id)
      }
    }
    if onDelete == "ON DELETE CASCADE" {
      try await delete()
      #expect(try StoreHarness.rowCount("users", in: store) == 0)
      #expect(try StoreHarness.rowCount("sessions", in: store) == 0)
    } else {
      do {
        try await delete()
        Issue.record("deleted an account an app's table references")
      } catch let error as AuthError {
        guard case .store(.failed(let failure)) = error else {
          Issue.record("\(error)")
          return
        }
        #expect(failure.kind == .stillReferenced)
        #expect(failure.message.contains("table profiles"), "\(failure.message)")
      }
      #expect(try StoreHarness.rowCount("users", in: store) == 1)
      #expect(try StoreHarness.rowCount("sessions", in: store) == 1)
    }
    let renamed = try await store.read { try $0.userRecord(id: ada.id) }
    #expect(renamed?.user.username == (onDelete == "ON DELETE CASCADE" ? nil : "lovelace"))
  }

  @Test("SQLite connections enforce foreign keys", arguments: [StoreLocation.memory, .file])
  func foreignKeysOn(location: StoreLocation) throws {
    let harness = try StoreHarness(location)
    let sqlite = try #require(harness.store as? SQLiteAuthStore)
    #expect(try sqlite.withDatabase { try $0.scalarInt("PRAGMA foreign_keys") } == 1)
  }

  @Test("SQLite: an app's objects are accepted and listed; what attaches to authcli's is refused")
  func sqliteSchemaRule() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("auth.sqlite")
    try SQLiteAuthStore.open(path: path).close()
    func objects(after sql: String) throws -> (differences: [String], others: [String]) {
      let database = try SQLiteDatabase.open(
        path: path, options: SQLiteOpenOptions(mode: .readWrite))
      defer { database.close() }
      try database.executeScript(sql)
      return (
        try SQLiteMigrator().schemaDifferences(in: database),
        try SQLiteMigrator().otherObjects(in: database)
      )
    }
    let accepted = try objects(
      after: """
        CREATE TABLE notes (user_id INTEGER REFERENCES users (id), body TEXT UNIQUE);
        CREATE INDEX notes_by_user ON notes (user_id);
        CREATE VIEW named_notes AS SELECT username, body FROM notes JOIN users ON users.id = user_id;
        CREATE TRIGGER stamp AFTER INSERT ON notes BEGIN SELECT 1; END;
        """)
    #expect(accepted.differences == [])
    #expect(
      accepted.others == [
        "index notes_by_user on notes", "table notes", "trigger stamp on notes",
        "view named_notes",
      ])
    // The stock open accepts it.
    try SQLiteAuthStore.open(path: path).close()
    let refused = try objects(
      after: """
        CREATE TRIGGER keep_sessions AFTER DELETE ON sessions BEGIN SELECT 1; END;
        CREATE INDEX users_by_created ON users (created_at);
        DROP TABLE sign_in_work;
        CREATE VIEW sign_in_work AS SELECT 1 AS id, 1 AS work, 0 AS updated_at;
        """)
    #expect(
      refused.differences == [
        "extra index users_by_created", "extra trigger keep_sessions", "altered view sign_in_work",
      ])
    #expect(throws: SQLiteError.self) { _ = try SQLiteAuthStore.open(path: path) }
  }

  @Test(
    "SQLite: a trigger that authcli's statements fire through an app's cascading key is refused")
  func sqliteCascadeTriggers() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("auth.sqlite")
    try SQLiteAuthStore.open(path: path).close()
    let database = try SQLiteDatabase.open(
      path: path, options: SQLiteOpenOptions(mode: .readWrite))
    defer { database.close() }
    // A trigger on a table that no statement of authcli's reaches, or that a cascade cannot
    // fire (INSERT), is the app's own.
    try database.executeScript(
      """
      CREATE TABLE profiles (user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE);
      CREATE TABLE invoices (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id));
      CREATE TABLE avatars (
        user_id INTEGER PRIMARY KEY REFERENCES profiles (user_id) ON DELETE CASCADE);
      CREATE TABLE notes (id INTEGER PRIMARY KEY,
        session_id BLOB REFERENCES sessions (token_hash) ON DELETE SET NULL);
      CREATE TRIGGER stamp_profile AFTER INSERT ON profiles BEGIN SELECT 1; END;
      CREATE TRIGGER keep_invoice BEFORE DELETE ON invoices BEGIN SELECT 1; END;
      """)
    #expect(try SQLiteMigrator().schemaDifferences(in: database) == [])
    try SQLiteAuthStore.open(path: path).close()
    // Deleting an account deletes its profile and avatar, and a session's end updates notes.
    try database.executeScript(
      """
      CREATE TRIGGER "insert" /* INSERT */ AFTER DELETE ON profiles BEGIN SELECT 1; END;
      CREATE TRIGGER keep_avatar BEFORE DELETE ON avatars BEGIN SELECT 1; END;
      CREATE TRIGGER note_moved AFTER UPDATE OF session_id ON notes BEGIN SELECT 1; END;
      """)
    #expect(
      try SQLiteMigrator().schemaDifferences(in: database) == [
        "extra trigger insert on profiles (ON DELETE CASCADE from users fires it)",
        "extra trigger keep_avatar on avatars (ON DELETE CASCADE from users fires it)",
        "extra trigger note_moved on notes (ON DELETE SET NULL from sessions fires it)",
      ])
    // Refused, they are no longer the app's own objects.
    #expect(
      try SQLiteMigrator().otherObjects(in: database).filter { $0.hasPrefix("trigger") } == [
        "trigger keep_invoice on invoices", "trigger stamp_profile on profiles",
      ])
    // The fast check (the known schema's digest) refuses it too.
    #expect(throws: SQLiteError.self) { _ = try SQLiteAuthStore.open(path: path) }
  }

  @Test(
    "PostgreSQL: a trigger that authcli's statements fire through an app's cascading key is refused"
  )
  func postgresCascadeTriggers() throws {
    guard
      let app = try PostgresApp.make({ schema, namespace in
        """
        CREATE FUNCTION \(namespace).keep() RETURNS trigger LANGUAGE plpgsql
          AS 'BEGIN RETURN OLD; END';
        CREATE TABLE \(namespace).profiles (
          user_id bigint PRIMARY KEY REFERENCES \(schema).users (id) ON DELETE CASCADE);
        CREATE TABLE \(namespace).invoices (user_id bigint REFERENCES \(schema).users (id));
        CREATE TABLE \(namespace).avatars (
          user_id bigint PRIMARY KEY REFERENCES \(namespace).profiles (user_id) ON DELETE CASCADE);
        CREATE TRIGGER stamp_profile AFTER INSERT ON \(namespace).profiles
          FOR EACH ROW EXECUTE FUNCTION \(namespace).keep();
        CREATE TRIGGER keep_invoice BEFORE DELETE ON \(namespace).invoices
          FOR EACH ROW EXECUTE FUNCTION \(namespace).keep();
        """
      })
    else { return }
    let (harness, target, namespace) = (app.harness, app.target, app.namespace)
    #expect(
      try PostgresMigrator().schemaDifferences(in: try PostgresConnection.connect(target)) == [])
    _ = try harness.reopen()
    for (trigger, expected) in [
      (
        "keep_profile BEFORE DELETE ON \(namespace).profiles",
        "extra trigger keep_profile on \(namespace).profiles (ON DELETE CASCADE from users fires it)"
      ),
      (
        "keep_avatar BEFORE UPDATE OR DELETE ON \(namespace).avatars",
        "extra trigger keep_avatar on \(namespace).avatars (ON DELETE CASCADE from users fires it)"
      ),
    ] {
      try Self.execute(
        "CREATE TRIGGER \(trigger) FOR EACH ROW EXECUTE FUNCTION \(namespace).keep()",
        on: harness.store)
      let differences = try PostgresMigrator().schemaDifferences(
        in: try PostgresConnection.connect(target))
      #expect(differences.contains(expected), "\(differences)")
      #expect(throws: PostgresError.self) { _ = try PostgresAuthStore.open(target) }
    }
    try Self.execute("DROP SCHEMA \(namespace) CASCADE", on: harness.store)
  }

  @Test(
    "PostgreSQL: an app's schema is accepted and listed; a rule, policy or object in authcli's is refused"
  )
  func postgresSchemaRule() throws {
    guard
      let app = try PostgresApp.make({ schema, namespace in
        """
        CREATE TABLE \(namespace).notes (user_id bigint REFERENCES \(schema).users (id), body text);
        CREATE INDEX notes_by_user ON \(namespace).notes (user_id);
        CREATE VIEW \(namespace).names AS SELECT username FROM \(schema).users;
        """
      })
    else { return }
    let (harness, target, schema, namespace) = (app.harness, app.target, app.schema, app.namespace)
    let report = try PostgresInspector().inspect(try PostgresConnection.connect(target))
    #expect(report.isHealthy, "\(report.schemaCheck)")
    #expect(
      report.otherObjects == [
        "table \(namespace).notes references users", "view \(namespace).names reads users",
      ])
    _ = try harness.reopen()
    for (attachment, expected) in [
      (
        "CREATE RULE keep AS ON DELETE TO \(schema).sessions DO INSTEAD NOTHING",
        "extra rule keep on sessions"
      ),
      (
        "CREATE POLICY hide ON \(schema).users USING (false)",
        "extra policy hide on users"
      ),
      ("CREATE TABLE \(schema).planted (id bigint)", "extra table planted"),
    ] {
      try Self.execute(attachment, on: harness.store)
      let differences = try PostgresMigrator().schemaDifferences(
        in: try PostgresConnection.connect(target))
      #expect(differences.contains(expected), "\(differences)")
      #expect(throws: PostgresError.self) { _ = try PostgresAuthStore.open(target) }
    }
    try Self.execute("DROP SCHEMA \(namespace) CASCADE", on: harness.store)
  }
}
