import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Servers of a test's own, started and stopped by `script/postgres`: one listening on
/// loopback TCP with TLS and SCRAM (`start-tls`), or a primary with a synchronous hot standby
/// (`start-pair`), which a test may crash and promote.
public final class ScriptedPostgres: Sendable {
  /// What was started.
  public enum Kind: Sendable {
    /// `script/postgres start-tls`: FOLDER/client holds `ca.crt` and `pgpass`.
    case tls
    /// `script/postgres start-pair`: FOLDER/primary and FOLDER/standby.
    case pair
  }

  /// The folder the script was given.
  public let folder: String
  /// The URI the script printed.
  public let uri: String
  /// What was started.
  public let kind: Kind

  /// The repository's `script/postgres`, found from this file's place in the checkout.
  public static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("script/postgres").path

  /// Starts a server (or a pair) in a new temporary folder; throws with the script's own
  /// words when it fails (no PostgreSQL, no openssl), which fails the test.
  public init(_ kind: Kind) throws {
    let name = "authcli-\(kind == .tls ? "tls" : "pair")-\(UUID().uuidString.prefix(8))"
    folder = NSTemporaryDirectory() + name
    self.kind = kind
    do {
      uri = try Self.run([kind == .tls ? "start-tls" : "start-pair", folder])
    } catch {
      // A start that failed half-way may have left a server running.
      _ = try? Self.run([kind == .tls ? "stop" : "stop-pair", folder])
      throw error
    }
  }

  /// The CA certificate that signed the TLS server's certificate (for `sslrootcert`).
  public var caCertificate: String { folder + "/client/ca.crt" }
  /// The 0600 passfile with the TLS server's password, for `localhost` and its port.
  public var passfile: String { folder + "/client/pgpass" }
  /// The server's log.
  public var serverLog: String { folder + "/server.log" }
  /// The primary's folder (for `crash`).
  public var primary: String { folder + "/primary" }
  /// The standby's folder (for `promote`).
  public var standby: String { folder + "/standby" }

  /// A URI that reaches one server of a pair alone, over its socket.
  public func socketURI(of server: String) -> String {
    "postgresql:///authcli?host=\(server)&user=authcli"
  }

  /// A URI that reaches the TLS server over its Unix socket (trust, no TLS), to read back
  /// what the tests wrote over TCP.
  public var tlsSocketURI: String {
    let port = URLComponents(string: uri)?.port.map(String.init) ?? "5432"
    return "postgresql:///authcli?host=\(folder)&port=\(port)&user=authcli"
  }

  /// The TLS server's TCP port on 127.0.0.1.
  public var port: Int { URLComponents(string: uri)?.port ?? 5432 }

  /// Gives the TLS server a self-signed certificate for `name` alone, which no CA signed,
  /// as a machine in the middle would present (`script/postgres tls-certificate`).
  public func presentSelfSignedCertificate(for name: String) throws {
    _ = try Self.run(["tls-certificate", folder, name])
  }

  /// Turns the TLS server's TLS off, letting clients in over TCP without it, with SCRAM
  /// still (`script/postgres tls-off`).
  public func turnTLSOff() throws { _ = try Self.run(["tls-off", folder]) }

  /// Stops the primary at once, as a crash would (`pg_ctl stop -m immediate`).
  public func crashPrimary() throws { _ = try Self.run(["crash", primary]) }

  /// Promotes the standby and returns once it accepts writes.
  public func promoteStandby() throws { _ = try Self.run(["promote", standby]) }

  /// Stops everything and deletes the folder.
  public func stop() {
    _ = try? Self.run([kind == .tls ? "stop" : "stop-pair", folder])
  }

  /// Runs the script to its end and returns its standard output, trimmed. (Foundation's
  /// `Process` is not used: waiting for it from a test's task was seen not to return once a
  /// server had been started.)
  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    let output = NSTemporaryDirectory() + "authcli-script-\(UUID().uuidString.prefix(8)).out"
    let errors = output + ".err"
    defer {
      unlink(output)
      unlink(errors)
    }
    let command = ([script] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
    let status = system(command + " </dev/null >'\(output)' 2>'\(errors)'")
    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      throw ScriptedPostgresError(
        description: "script/postgres \(arguments[0]) failed (\(status)): \(said.suffix(2000))")
    }
    return printed.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// `script/postgres` failed; the description carries what it said.
public struct ScriptedPostgresError: Error, CustomStringConvertible {
  /// The subcommand, its status and its standard error.
  public let description: String
}
