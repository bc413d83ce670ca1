import Testing

@testable import AuthPostgres

/// Which URIs get `sslmode=verify-full` when they name no mode: decided by the hosts libpq
/// reads from the URI (`PQconninfoParse`), or from `PGHOST` and `PGHOSTADDR` without one.
@Suite("Server verification by default")
struct ServerVerificationTests {
  private static func isRequired(
    _ uri: String, environment: [String: String] = [:]
  ) throws -> Bool {
    let options = try LibPQ.loaded().options(of: uri)
    return ServerVerification.isRequired(by: options) { environment[$0] }
  }

  @Test(
    "a host that is not this machine, by name or by address, is verified",
    arguments: [
      "postgresql://db.example.invalid/x",
      "postgresql://db.example.invalid:5432/x?hostaddr=127.0.0.1",
      "postgresql:///x?host=db.example.invalid&hostaddr=127.0.0.1",
      "postgresql://localhost/x?hostaddr=192.0.2.7",
      "postgresql://192.0.2.7/x",
      "postgresql://[2001:db8::1]/x",
      "postgresql://localhost:5432,db.example.invalid:5432/x",
      "postgresql:///x?host=/run/postgresql,db.example.invalid",
      "postgresql:///x?hostaddr=192.0.2.7",
    ])
  func remoteHostsAreVerified(uri: String) throws {
    #expect(try Self.isRequired(uri))
  }

  @Test(
    "a Unix socket and loopback keep libpq's default",
    arguments: [
      "postgresql:///x", "postgresql:///x?host=/run/postgresql",
      "postgresql://%2Frun%2Fpostgresql/x", "postgresql://localhost/x",
      "postgresql://LOCALHOST:5433/x", "postgresql://127.0.0.1/x", "postgresql://127.8.9.10/x",
      "postgresql://[::1]/x", "postgresql:///x?hostaddr=127.0.0.1",
      "postgresql://localhost,127.0.0.2/x",
    ])
  func localHostsKeepTheDefault(uri: String) throws {
    #expect(try !Self.isRequired(uri))
  }

  @Test("a mode named in the URI or in PGSSLMODE is kept, weaker ones included")
  func aNamedModeIsKept() throws {
    #expect(try !Self.isRequired("postgresql://db.example.invalid/x?sslmode=disable"))
    #expect(try !Self.isRequired("postgresql://db.example.invalid/x?sslmode=require"))
    #expect(
      try !Self.isRequired(
        "postgresql://db.example.invalid/x", environment: ["PGSSLMODE": "prefer"]))
  }

  @Test("without a host in the URI, PGHOST and PGHOSTADDR decide")
  func theEnvironmentsHostsDecide() throws {
    #expect(try Self.isRequired("postgresql:///x", environment: ["PGHOST": "db.example.invalid"]))
    #expect(try Self.isRequired("postgresql:///x", environment: ["PGHOSTADDR": "192.0.2.7"]))
    #expect(try !Self.isRequired("postgresql:///x", environment: ["PGHOST": "/run/postgresql"]))
    #expect(
      try !Self.isRequired(
        "postgresql://localhost/x", environment: ["PGHOST": "db.example.invalid"])
    )
  }
}
