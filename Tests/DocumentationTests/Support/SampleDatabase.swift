import AuthPostgres
import Foundation
import PostgresTestSupport

/// A fresh PostgreSQL database on the test server for one block whose commands name it as
/// `postgresql:///NAME`: commands get the real name, output shows the documented one, and
/// libpq finds the server through `PGHOST` and `PGUSER`, as it would for the reader.
final class SampleDatabase: Sendable {
  /// The name the docs use.
  let documentedName: String
  /// The database made for this block.
  let actualName: String
  /// `PGHOST`, `PGPORT` and `PGUSER` of the test server, as its URI gives them.
  let environment: [String: String]
  private let serverURI: String

  /// Makes the database; throws `TestPostgresError.noServer` without a test server.
  init(documentedName: String) throws {
    guard let serverURI = TestPostgres.serverURI else { throw TestPostgresError.noServer }
    self.serverURI = serverURI
    self.documentedName = documentedName
    actualName = "docs_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    self.environment = TestPostgres.libpqEnvironment
    let connection = try PostgresConnection.connect(serverURI, target: "the test server")
    try connection.executeScript("CREATE DATABASE \(actualName)")
  }

  /// `command` with the documented database's URI naming the real one.
  func commandForServer(_ command: String) -> String {
    command.replacingOccurrences(
      of: "postgresql:///\(documentedName)", with: "postgresql:///\(actualName)")
  }

  /// `output` with the real database's name shown as the documented one.
  func outputForDocs(_ output: String) -> String {
    output.replacingOccurrences(of: actualName, with: documentedName)
  }

  deinit {
    // Best effort: a database left behind dies with the throwaway server.
    let connection = try? PostgresConnection.connect(serverURI, target: "the test server")
    try? connection?.executeScript("DROP DATABASE IF EXISTS \(actualName) WITH (FORCE)")
  }
}
