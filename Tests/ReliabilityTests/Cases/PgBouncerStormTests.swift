import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

/// The real binary through a real PgBouncer in transaction pooling mode, where each
/// transaction may get another server session: a named prepared statement or a session
/// setting of an earlier transaction would be missing there. What went through the pooler
/// is then read on the server directly.
@Suite("PgBouncer storms", .serialized, .needsPgBouncer)
final class PgBouncerStormTests: WorkspaceCase {
  private static let password = "shared account pass phrase"

  @Test("12 processes signing up at once through PgBouncer: every account, nothing lost")
  func signUpStorm() async throws {
    let (pooled, direct) = try TestPostgres.freshPooledSchema()
    // Distinct names from 12 processes at once, and 6 names each tried by 4 of them.
    let distinct = (0..<36).map { ("storm\($0)", $0 % 12) }
    let contended = (0..<6).flatMap { name in (0..<4).map { ("contended\(name)", $0) } }
    var storm = SignUpStorm(distinct + contended)
    try await storm.run(
      database: pooled.connectionString, password: Self.password, width: 12, in: workspace)
    let contendedNames = Set(contended.map(\.0))
    storm.expectCreatedOnce(Set(distinct.map(\.0)).union(contendedNames))
    let snapshot = try PostgresSnapshot.expectConsistent(direct)
    #expect(Set(snapshot.users.keys) == Set(distinct.map(\.0)).union(contendedNames))
    #expect(snapshot.sessions.count == distinct.count + contendedNames.count)
  }

  @Test("every kind of command through PgBouncer, one after another, as one client")
  func commandsThroughThePooler() async throws {
    let (pooled, direct) = try TestPostgres.freshPooledSchema()
    let database = pooled.connectionString
    let steps: [([String], [String])] = [
      (["migrate"], []),
      (["signup", "--username", "alice", "--password-stdin"], [Self.password, Self.password]),
      (["whoami"], []),
      (["signout"], []),
      (["signin", "--username", "alice", "--password-stdin"], [Self.password]),
      (["sessions", "list"], []),
      (["users", "list"], []),
      (["audit"], []),
      (["inspect"], []),
      (["whoami"], []),
    ]
    for (arguments, lines) in steps {
      let result = try await workspace.run(database: database, arguments, lines: lines)
      #expect(
        result.exitCode == ExitCodes.ok, "\(arguments.joined(separator: " ")): \(result.summary)")
    }
    let whoami = try await workspace.run(database: database, ["whoami"])
    #expect(whoami.outputText.contains("alice"), "\(whoami.summary)")
    let snapshot = try PostgresSnapshot.expectConsistent(direct)
    #expect(Set(snapshot.users.keys) == ["alice"])
    #expect(snapshot.sessions.count == 1)
  }
}
