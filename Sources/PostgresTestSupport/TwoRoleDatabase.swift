import AuthPostgres
import Foundation

/// A database of its own on the test server, dropped with its roles when the value goes, in
/// which `public` is writable by every role (the default before PostgreSQL 15), with two roles
/// that are not superusers: `owner`, who owns the database and whom authcli runs as, and
/// `other`, who may connect and create objects in `public` too.
open class TwoRoleDatabase {
  /// The database's name, `<prefix>_<random>`.
  public let name: String
  /// The role that owns the database.
  public let owner: String
  /// Another role, with no more than `CREATE` on `public`.
  public let other: String
  /// The server's own role, which made both roles and the database and drops them.
  private let admin: PostgresConnection

  /// Makes the roles and the database; throws `TestPostgresError.noServer` without a server.
  public init(prefix: String) throws {
    guard let serverURI = TestPostgres.serverURI else { throw TestPostgresError.noServer }
    let id = UUID().uuidString.lowercased().prefix(8)
    name = "\(prefix)_\(id)"
    owner = "owner_\(id)"
    other = "other_\(id)"
    admin = try PostgresConnection.connect(serverURI, target: "the test server")
    try admin.executeScript("CREATE ROLE \(owner) LOGIN; CREATE ROLE \(other) LOGIN")
    try admin.executeScript("CREATE DATABASE \(name) OWNER \(owner)")
    try connect(as: nil).executeScript("GRANT CREATE ON SCHEMA public TO PUBLIC")
  }

  /// The URI that reaches the database as `role` (the server's own role, a superuser, when
  /// `nil`).
  public func uri(as role: String?) throws -> String {
    guard let serverURI = TestPostgres.serverURI else { throw TestPostgresError.noServer }
    let separator = serverURI.contains("?") ? "&" : "?"
    return serverURI + separator + "dbname=\(name)" + (role.map { "&user=\($0)" } ?? "")
  }

  /// A connection to the database as `role`.
  public func connect(as role: String?) throws -> PostgresConnection {
    try PostgresConnection.connect(try uri(as: role), target: "the shared database")
  }

  /// Installs the schema watch as an administrator does: `Migrations/postgres-watch.sql`, run
  /// by a superuser.
  public func installSchemaWatch() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let script = try String(
      contentsOf: root.appendingPathComponent("Migrations/postgres-watch.sql"), encoding: .utf8)
    try connect(as: nil).executeScript(script)
  }

  /// The schema watch's count of DDL commands; `nil` when its table holds no row.
  public func schemaWatchEpoch() throws -> Int? {
    try connect(as: nil).queryFirst("SELECT epoch FROM authcli_watch.changes") {
      row throws(PostgresError) in try row.decode(Int.self, "epoch")
    }
  }

  /// The epoch the schema watch recorded for `role`'s last full check of `public`, if any.
  public func checkedEpoch(of role: String) throws -> Int? {
    try connect(as: nil).queryFirst(
      """
      SELECT c.epoch FROM authcli_watch.checks AS c
      WHERE c.role = \(role)::regrole AND c.schema = 'public'::regnamespace
      """
    ) { row throws(PostgresError) in try row.decode(Int.self, "epoch") }
  }

  deinit {
    _ = try? admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    _ = try? admin.executeScript("DROP ROLE IF EXISTS \(owner)")
    _ = try? admin.executeScript("DROP ROLE IF EXISTS \(other)")
  }
}
