import Foundation
import PostgresTestSupport
import Testing

/// A machine between authcli and a server it reaches over TCP by a name that is not this
/// machine's, with no `sslmode` in the URI: it must not be able to answer. The server is
/// `script/postgres start-tls`, reached as `db.example.invalid` through `hostaddr=127.0.0.1`,
/// so that the name the certificate is checked against is not a loopback one.
@Suite("PostgreSQL over TCP with no sslmode named", .serialized, .needsPostgres)
final class PostgresServerVerificationTests: TLSServerCase {
  /// A name that is not this machine's, which no resolver answers (RFC 6761).
  private static let remoteName = "db.example.invalid"

  /// The server by the remote name, reached on loopback, with `extra` query options.
  private static func remoteURI(_ server: ScriptedPostgres, _ extra: String = "") -> String {
    "postgresql://\(remoteName):\(server.port)/authcli?hostaddr=127.0.0.1&user=authcli" + extra
  }

  @Test("a self-signed certificate for another name is refused unless a weaker mode is named")
  func aCertificateForAnotherNameIsRefused() async throws {
    let environment = try passfileForAnyHost()
    try server.presentSelfSignedCertificate(for: "evil.example")

    let refused = try await workspace.run(
      ["--db", Self.remoteURI(server), "migrate"], environment: environment)
    #expect(refused.exitCode == ExitCodes.unavailable, "\(refused.summary)")
    #expect(refused.errorText.contains("sslmode=verify-full"), "\(refused.summary)")
    #expect(refused.errorText.contains("sslmode=require"), "\(refused.summary)")
    #expect(refused.errorText.contains("sslrootcert="), "\(refused.summary)")

    // Its own certificate as the trusted root: the name is what refuses now.
    let trusted = server.folder + "/data/tls/server.crt"
    let mismatch = try await workspace.run(
      ["--db", Self.remoteURI(server, "&sslrootcert=\(trusted)"), "migrate"],
      environment: environment)
    #expect(mismatch.exitCode == ExitCodes.unavailable, "\(mismatch.summary)")
    #expect(
      mismatch.errorText.contains(
        "\"evil.example\" does not match host name \"\(Self.remoteName)\""),
      "\(mismatch.summary)")

    // A weaker mode named, in the URI or in PGSSLMODE, is the owner's to choose.
    let required = try await workspace.run(
      ["--db", Self.remoteURI(server, "&sslmode=require"), "migrate"], environment: environment)
    #expect(required.exitCode == ExitCodes.ok, "\(required.summary)")
    var fromEnvironment = environment
    fromEnvironment["PGSSLMODE"] = "require"
    let named = try await workspace.run(
      ["--db", Self.remoteURI(server), "migrate", "status"], environment: fromEnvironment)
    #expect(named.exitCode == ExitCodes.ok, "\(named.summary)")

    // Loopback by name keeps libpq's default, as a Unix socket does.
    let local = try await workspace.run(
      ["--db", "postgresql://localhost:\(server.port)/authcli?user=authcli", "migrate", "status"],
      environment: environment)
    #expect(local.exitCode == ExitCodes.ok, "\(local.summary)")
  }

  @Test("a server without TLS over TCP is refused unless sslmode=disable or prefer is named")
  func aServerWithoutTLSIsRefused() async throws {
    let environment = try passfileForAnyHost()
    try server.turnTLSOff()

    let refused = try await workspace.run(
      ["--db", Self.remoteURI(server), "migrate"], environment: environment)
    #expect(refused.exitCode == ExitCodes.unavailable, "\(refused.summary)")
    #expect(refused.errorText.contains("sslmode=verify-full"), "\(refused.summary)")

    // Several hosts: one that is not this machine is enough for every one to be verified.
    let hosts =
      "postgresql://localhost:\(server.port),\(Self.remoteName):\(server.port)/authcli"
      + "?hostaddr=127.0.0.1,127.0.0.1&user=authcli"
    let several = try await workspace.run(["--db", hosts, "migrate"], environment: environment)
    #expect(several.exitCode == ExitCodes.unavailable, "\(several.summary)")

    for mode in ["disable", "prefer"] {
      let named = try await workspace.run(
        ["--db", Self.remoteURI(server, "&sslmode=\(mode)"), "migrate"], environment: environment)
      #expect(named.exitCode == ExitCodes.ok, "sslmode=\(mode): \(named.summary)")
    }
  }
}
