import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  /// The raised work's one row.
  static let raisedSignInWorkQuery: PostgresQuery = "SELECT work FROM sign_in_work WHERE id = 1"

  func raisedSignInWork() throws(AuthError) -> Int? {
    try run { () throws(PostgresError) in
      try database().queryFirst(Self.raisedSignInWorkQuery) { row throws(PostgresError) in
        try row.decode(Int.self, "work")
      }
    }
  }

  func setRaisedSignInWork(_ work: Int?, at time: Date) throws(AuthError) {
    try run { () throws(PostgresError) in
      guard let work else {
        try database().execute("DELETE FROM sign_in_work")
        return
      }
      try database().execute(
        """
        INSERT INTO sign_in_work (id, work, updated_at) VALUES (1, \(work), \(time))
        ON CONFLICT (id) DO UPDATE SET work = excluded.work, updated_at = excluded.updated_at
        """)
    }
  }
}

extension PostgresAuthStore {
  /// The raised sign-in work, read outside the use cases: the composition root makes the
  /// hasher from it before any use case runs.
  public func raisedSignInWork() throws -> Int? {
    try withConnection { connection in
      try connection.queryFirst(PostgresStoreContext.raisedSignInWorkQuery) {
        row throws(PostgresError) in try row.decode(Int.self, "work")
      }
    }
  }
}
