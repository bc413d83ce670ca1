import AuthPostgres
import AuthTestSupport
import Foundation

/// The PostgreSQL server the tests run against: the one `script/test` starts (or any other)
/// named by `AUTHCLI_TEST_POSTGRES`. Each test takes a fresh schema of its own, so tests run
/// in parallel without seeing each other's rows.
public enum TestPostgres {
  /// The server's URI, when one was given.
  public static var serverURI: String? {
    let value = ProcessInfo.processInfo.environment["AUTHCLI_TEST_POSTGRES"] ?? ""
    return value.isEmpty ? nil : value
  }

  /// Whether PostgreSQL runs of the suites take place: with a server, or under CI, where
  /// a missing server must fail those runs instead of leaving them out.
  public static var shouldRun: Bool {
    if serverURI != nil || TestEnvironment.isContinuousIntegration { return true }
    announceSkipOnce
    return false
  }

  /// Why a PostgreSQL test is left out when `shouldRun` is false; under CI it never is.
  public static let skipReason =
    "needs a PostgreSQL server (AUTHCLI_TEST_POSTGRES, set by script/test); under CI it runs and fails"

  /// Said once per test process, so that leaving PostgreSQL out is never silent.
  private static let announceSkipOnce: Void = {
    FileHandle.standardError.write(
      Data(
        ("PostgreSQL runs left out: AUTHCLI_TEST_POSTGRES is not set (script/test starts a server;"
          + " under CI they fail instead)\n").utf8))
  }()

  /// The server's host, port and user as libpq's environment variables (`PGHOST`, `PGPORT`,
  /// `PGUSER`), for a process told the server by a URI without them.
  public static var libpqEnvironment: [String: String] {
    var environment: [String: String] = [:]
    for item in URLComponents(string: serverURI ?? "")?.queryItems ?? [] {
      guard let value = item.value else { continue }
      switch item.name {
      case "host": environment["PGHOST"] = value
      case "port": environment["PGPORT"] = value
      case "user": environment["PGUSER"] = value
      default: break
      }
    }
    return environment
  }

  /// A fresh, empty schema on the test server, and a target whose connections use it.
  ///
  /// Throws `TestPostgresError.noServer` when no server was given, which fails the test.
  public static func freshSchema() throws -> PostgresTarget {
    guard let serverURI else { throw TestPostgresError.noServer }
    let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let connection = try PostgresConnection.connect(serverURI, target: "the test server")
    try connection.executeScript("CREATE SCHEMA \(schema)")
    return try target(serverURI, schema: schema)
  }

  /// The PgBouncer in front of the test server (`script/postgres pgbouncer`, which
  /// `script/test` starts), named by `AUTHCLI_TEST_PGBOUNCER`, when one was given.
  public static var poolerURI: String? {
    let value = ProcessInfo.processInfo.environment["AUTHCLI_TEST_PGBOUNCER"] ?? ""
    return value.isEmpty ? nil : value
  }

  /// Whether the PgBouncer runs take place: with a PgBouncer, or under CI, where a missing
  /// one must fail them instead of leaving them out.
  public static var shouldRunPooled: Bool {
    poolerURI != nil || TestEnvironment.isContinuousIntegration
  }

  /// Why a PgBouncer test is left out when `shouldRunPooled` is false; under CI it never is.
  public static let pooledSkipReason =
    "needs a PgBouncer (AUTHCLI_TEST_PGBOUNCER, set by script/test); under CI it runs and fails"

  /// A fresh, empty schema reached through the test PgBouncer in transaction pooling mode,
  /// and the same schema reached directly (to check what went through the pooler).
  ///
  /// PgBouncer 1.18 passes on no `options` (so no `search_path` in the URI): the schema is
  /// chosen as teams behind a pooler choose it, by a role of its own whose default search
  /// path it is, made on the server directly. Throws `TestPostgresError.noServer` or
  /// `noPooler` when either is missing, which fails the test.
  public static func freshPooledSchema() throws -> (pooled: PostgresTarget, direct: PostgresTarget)
  {
    guard let serverURI else { throw TestPostgresError.noServer }
    guard let poolerURI else { throw TestPostgresError.noPooler }
    let name = "p_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let connection = try PostgresConnection.connect(serverURI, target: "the test server")
    try connection.executeScript(
      """
      CREATE ROLE \(name) LOGIN;
      CREATE SCHEMA \(name) AUTHORIZATION \(name);
      ALTER ROLE \(name) SET search_path = \(name)
      """)
    guard let pooledURI = uri(poolerURI, user: name), let pooled = PostgresTarget(uri: pooledURI)
    else {
      throw TestPostgresError.noPooler
    }
    // The direct target connects as the schema's role too: authcli refuses a schema that
    // belongs to another role than the one connected.
    guard let directURI = uri(serverURI, user: name) else { throw TestPostgresError.noServer }
    return (pooled, try target(directURI, schema: name))
  }

  /// `uri` with its `user` replaced by `user`.
  private static func uri(_ uri: String, user: String) -> String? {
    guard var components = URLComponents(string: uri) else { return nil }
    components.queryItems =
      (components.queryItems ?? []).filter { $0.name != "user" }
      + [URLQueryItem(name: "user", value: user)]
    return components.string
  }

  /// The server's URI with `search_path` set to `schema`.
  public static func target(_ serverURI: String, schema: String) throws -> PostgresTarget {
    let separator = serverURI.contains("?") ? "&" : "?"
    let uri = serverURI + separator + "options=-c%20search_path%3D" + schema
    guard let target = PostgresTarget(uri: uri) else { throw TestPostgresError.noServer }
    return target
  }
}

/// Why a PostgreSQL test could not get a server.
public enum TestPostgresError: Error, CustomStringConvertible {
  /// `AUTHCLI_TEST_POSTGRES` is not set.
  case noServer
  /// `AUTHCLI_TEST_PGBOUNCER` is not set, or not a URI.
  case noPooler

  /// What to do about it.
  public var description: String {
    switch self {
    case .noServer:
      "No PostgreSQL server for the tests: set AUTHCLI_TEST_POSTGRES or run script/test"
    case .noPooler:
      "No PgBouncer for the tests: set AUTHCLI_TEST_PGBOUNCER (script/postgres pgbouncer) or run"
        + " script/test"
    }
  }
}
