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

  /// What to do about it.
  public var description: String {
    "No PostgreSQL server for the tests: set AUTHCLI_TEST_POSTGRES or run script/test"
  }
}
