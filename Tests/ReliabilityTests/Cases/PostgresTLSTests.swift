import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

/// authcli against a server reached as a remote one is: TCP on loopback, TLS required with
/// the server's certificate checked (`sslmode=verify-full`), SCRAM with the password in a
/// passfile, never in the URI. The server is `script/postgres start-tls`.
@Suite("PostgreSQL over TCP with TLS and SCRAM", .serialized, .needsPostgres)
final class PostgresTLSTests: TLSServerCase {
  private static let password = "amber lantern quietly folding"

  @Test("sign-up then sign-in over verify-full TLS, the password from PGPASSFILE or ~/.pgpass")
  func signUpAndSignInOverTLS() async throws {
    #expect(server.uri.contains("host=") == false && server.uri.contains("localhost:"))
    #expect(server.uri.contains("sslmode=verify-full"), "\(server.uri)")
    let passfile = ["PGPASSFILE": server.passfile]

    let signup = try await workspace.run(
      ["--db", server.uri, "signup", "--username", "remote", "--password-stdin"],
      input: Data("\(Self.password)\n\(Self.password)\n".utf8), client: "a",
      environment: passfile)
    #expect(signup.exitCode == ExitCodes.ok, "signup: \(signup.summary)")
    let signin = try await workspace.run(
      ["--db", server.uri, "signin", "--username", "remote", "--password-stdin"],
      input: Data("\(Self.password)\n".utf8), client: "b", environment: passfile)
    #expect(signin.exitCode == ExitCodes.ok, "signin: \(signin.summary)")

    // ~/.pgpass, the client's own home, with no PGPASSFILE.
    let home = workspace.root + "/clients/c"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: server.passfile, toPath: home + "/.pgpass")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: home + "/.pgpass")
    let fromHome = try await workspace.run(
      ["--db", server.uri, "signin", "--username", "remote", "--password-stdin"],
      input: Data("\(Self.password)\n".utf8), client: "c")
    #expect(fromHome.exitCode == ExitCodes.ok, "signin with ~/.pgpass: \(fromHome.summary)")

    // A passfile others may read is ignored by libpq, and then no password is sent.
    let open = workspace.root + "/open-pgpass"
    try FileManager.default.copyItem(atPath: server.passfile, toPath: open)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open)
    let ignored = try await workspace.run(
      ["--db", server.uri, "signin", "--username", "remote", "--password-stdin"],
      input: Data("\(Self.password)\n".utf8), client: "d", environment: ["PGPASSFILE": open])
    #expect(ignored.exitCode == ExitCodes.unavailable, "\(ignored.summary)")
    #expect(ignored.errorText.contains("no password supplied"), "\(ignored.summary)")

    // What the server saw: SCRAM, over TLS, for every connection authcli made.
    let log = try String(contentsOfFile: server.serverLog, encoding: .utf8)
    let authorized = log.split(separator: "\n").filter {
      $0.contains("connection authorized: user=authcli database=authcli")
    }
    let authenticated = log.split(separator: "\n").filter {
      $0.contains("connection authenticated:") && $0.contains("method=scram-sha-256")
    }
    #expect(authenticated.count >= 3, "SCRAM sign-ins logged: \(authenticated.count)")
    #expect(authorized.count >= 3, "connections logged: \(authorized.count)")
    for line in authorized where !line.contains("application_name=psql") {
      #expect(line.contains("SSL enabled"), "\(line)")
    }

    // The account is there, read back over the server's own socket.
    let socket = server.tlsSocketURI
    let connection = try PostgresConnection.connect(socket, target: "the TLS server")
    let names = try connection.query("SELECT username FROM users") { row throws(PostgresError) in
      try row.decode(String.self, "username")
    }
    #expect(names == ["remote"])
  }

  @Test("verify-full against a name the certificate lacks, or without TLS: exit 69, libpq's reason")
  func refusedWithoutTheRightCertificateOrTLS() async throws {
    let environment = try passfileForAnyHost()

    // The certificate names localhost; 127.0.0.1 is the same server by a name it lacks.
    let byAddress = server.uri.replacingOccurrences(of: "//localhost:", with: "//127.0.0.1:")
    let mismatch = try await workspace.run(
      ["--db", byAddress, "signup", "--username", "nobody", "--password-stdin"],
      input: Data("\(Self.password)\n\(Self.password)\n".utf8), environment: environment)
    #expect(mismatch.exitCode == ExitCodes.unavailable, "\(mismatch.summary)")
    #expect(
      mismatch.errorText.contains("does not match host name \"127.0.0.1\""), "\(mismatch.summary)")
    #expect(mismatch.errorText.contains("Try again"), "\(mismatch.summary)")

    // No TLS: the server's pg_hba.conf has no line for it.
    let plain = server.uri.replacingOccurrences(of: "sslmode=verify-full", with: "sslmode=disable")
    let refused = try await workspace.run(
      ["--db", plain, "signup", "--username", "nobody", "--password-stdin"],
      input: Data("\(Self.password)\n\(Self.password)\n".utf8), environment: environment)
    #expect(refused.exitCode == ExitCodes.unavailable, "\(refused.summary)")
    #expect(refused.errorText.contains("no encryption"), "\(refused.summary)")

    // A password in --db is refused before any connection is tried.
    let withPassword = server.uri.replacingOccurrences(
      of: "user=authcli", with: "user=authcli&password=guess")
    let inURI = try await workspace.run(
      ["--db", withPassword, "signup", "--username", "nobody", "--password-stdin"],
      input: Data("\(Self.password)\n\(Self.password)\n".utf8), environment: environment)
    #expect(inURI.exitCode == ExitCodes.usage, "\(inURI.summary)")

    let socket = server.tlsSocketURI
    let connection = try PostgresConnection.connect(socket, target: "the TLS server")
    let tables = try connection.query(
      "SELECT count(*) AS count FROM pg_catalog.pg_tables WHERE schemaname = 'public'"
    ) { row throws(PostgresError) in try row.decode(Int64.self, "count") }
    #expect(tables == [0], "nothing was created")
  }
}
