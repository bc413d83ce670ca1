import Foundation
import PostgresTestSupport
import Testing

/// What each reliability suite of several cases sets up for every case and removes after
/// it: a fresh workspace. The testing library makes one instance of a suite for each case
/// (each argument of a parameterised test too) and releases it when the case ends, so a
/// suite that inherits this has its workspace made and removed around every case.
class WorkspaceCase {
  /// This case's folder, database and clients.
  let workspace: Workspace

  init() throws {
    workspace = try Workspace(String(describing: Self.self))
  }

  deinit { workspace.remove() }
}

/// The set-up of the cases against a server reached over TCP with TLS and SCRAM: a workspace
/// and a server of the case's own (`script/postgres start-tls`), stopped when the case ends.
class TLSServerCase: WorkspaceCase {
  /// This case's server.
  let server: ScriptedPostgres

  override init() throws {
    let started = try ScriptedPostgres(.tls)
    server = started
    do {
      try super.init()
    } catch {
      started.stop()
      throw error
    }
  }

  deinit { server.stop() }

  /// A private passfile with the server's password for any host name, so that only the
  /// certificate or TLS can refuse a connection; as the environment that names it.
  func passfileForAnyHost() throws -> [String: String] {
    let path = workspace.root + "/pgpass"
    let line = try String(contentsOfFile: server.passfile, encoding: .utf8)
    let written = FileManager.default.createFile(
      atPath: path, contents: Data(("*" + line.drop(while: { $0 != ":" })).utf8),
      attributes: [.posixPermissions: 0o600])
    #expect(written, "the passfile was not written")
    return ["PGPASSFILE": path]
  }
}
