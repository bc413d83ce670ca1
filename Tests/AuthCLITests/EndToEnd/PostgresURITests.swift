import Foundation
import PostgresTestSupport
import Testing

/// The real binary reads a PostgreSQL URI as libpq does: a password in `--db` is refused
/// however it is spelled, and no secret of a URI is ever printed.
@Suite("End to end: PostgreSQL URIs")
struct PostgresURITests {
  /// Every spelling of a secret that libpq decodes (the server does not exist: the refusal
  /// comes before any connection).
  static let withSecrets = [
    "postgresql:///x?host=/nonexistent&%70assword=hunter2",
    "postgresql:///x?host=/nonexistent&pass%77ord=hunter2",
    "postgresql:///x?host=/nonexistent&password=hunter2",
    "postgresql:///x?host=/nonexistent&sslpassword=hunter2",
    "postgresql://someone:hunter2@/x?host=/nonexistent",
    "postgres://someone:%68unter2@/x?host=/nonexistent",
  ]

  @Test("a secret in --db is refused (64) in every spelling libpq decodes", arguments: withSecrets)
  func secretInOptionIsRefused(uri: String) async throws {
    let sandbox = try Sandbox()
    for arguments in [["whoami"], ["whoami", "--json"], ["inspect"], ["users", "list"]] {
      let run = try await sandbox.run(["--db", uri] + arguments)
      #expect(run.status == 64, "\(arguments): \(run.errors)")
      #expect(run.errors.contains("visible to every user"), "\(arguments): \(run.errors)")
      for text in [run.output, run.errors] {
        #expect(!text.contains("hunter2") && !text.contains("%68unter2"), "\(arguments)")
      }
    }
  }

  @Test("a URI libpq cannot read is a usage error with libpq's reason and no secret")
  func unreadableURI() async throws {
    var sandbox = try Sandbox()
    let bogus = try await sandbox.run(["--db", "postgresql:///x?bogus=1", "whoami"])
    #expect(bogus.status == 64)
    #expect(
      bogus.errors.hasPrefix(
        "Error: The URI in '--db' cannot be read by libpq: invalid URI query parameter: \"bogus\"\n"
      ), "\(bogus.errors)")
    for uri in ["postgresql:///x?password=hunter2%zz", "postgresql://u:hunter2@[::1/x"] {
      let run = try await sandbox.run(["--db", uri, "whoami", "--json"])
      #expect(run.status == 64, "\(uri): \(run.errors)")
      #expect(run.errors.contains("cannot be read by libpq"), "\(uri): \(run.errors)")
      #expect(!run.output.contains("hunter2") && !run.errors.contains("hunter2"), "\(uri)")
    }
    // In AUTHCLI_DB the same URI is a configuration error, as any other refused variable.
    sandbox.environment["AUTHCLI_DB"] = "postgresql:///x?password=hunter2%zz"
    let environment = try await sandbox.run(["whoami"])
    #expect(environment.status == 78, "\(environment.errors)")
    #expect(environment.errors.contains("The URI in AUTHCLI_DB cannot be read by libpq"))
    #expect(!environment.errors.contains("hunter2"))
  }

  @Test(
    "a secret in AUTHCLI_DB is used but never printed: errors, whoami --json, inspect",
    .enabled(if: TestPostgres.shouldRun))
  func secretInEnvironmentIsNeverPrinted() async throws {
    var sandbox = try Sandbox(engine: .postgres)
    let plain = try #require(sandbox.environment["AUTHCLI_DB"])
    // The test server trusts local users: the password is sent and not needed.
    let secrets = ["%70assword=hunter2", "pass%77ord=hunter2", "sslpassword=hunter2"]
    for (index, secret) in secrets.enumerated() {
      sandbox.environment["AUTHCLI_DB"] = plain + "&" + secret
      #expect(try await sandbox.signUp("ivy\(index)").status == 0, "\(secret)")
      for arguments in [["whoami", "--json"], ["whoami"], ["inspect"], ["inspect", "--json"]] {
        let run = try await sandbox.run(arguments)
        #expect(run.status == 0, "\(secret) \(arguments): \(run.errors)")
        #expect(!run.output.contains("hunter2"), "\(secret) \(arguments): \(run.output)")
        #expect(!run.errors.contains("hunter2"), "\(secret) \(arguments)")
      }
      let whoami = try #require(
        try await sandbox.run(["whoami", "--json"]).json() as? [String: Any])
      #expect((whoami["database"] as? String)?.hasPrefix("postgresql:///") == true)
      let inspect = try await sandbox.run(["inspect"])
      #expect(inspect.output.contains("Server:          postgresql:///"), "\(inspect.output)")
      sandbox.environment["AUTHCLI_DB"] =
        "postgresql:///x?host=/nonexistent&user=someone&" + secret
      let unreachable = try await sandbox.run(["whoami"])
      #expect(unreachable.status == 69, "\(unreachable.errors)")
      #expect(unreachable.errors.contains("postgresql:///x?host=/nonexistent&user=someone:"))
      #expect(!unreachable.errors.contains("hunter2"), "\(unreachable.errors)")
    }
    #expect(try sandbox.stateFiles().allSatisfy { !$0.contains("hunter2") })
  }
}
