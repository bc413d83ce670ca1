import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  /// The raised work's one row.
  static let raisedSignInWorkQuery: SQLiteQuery = "SELECT work FROM sign_in_work WHERE id = 1"

  func raisedSignInWork() throws(AuthError) -> Int? {
    try run { () throws(SQLiteError) in
      try database.queryFirst(Self.raisedSignInWorkQuery) { row throws(SQLiteError) in
        try row.decode(Int.self, "work")
      }
    }
  }

  func setRaisedSignInWork(_ work: Int?, at time: Date) throws(AuthError) {
    try run { () throws(SQLiteError) in
      guard let work else {
        try database.execute("DELETE FROM sign_in_work")
        return
      }
      try database.execute(
        """
        INSERT INTO sign_in_work (id, work, updated_at) VALUES (1, \(work), \(time))
        ON CONFLICT (id) DO UPDATE SET work = excluded.work, updated_at = excluded.updated_at
        """)
    }
  }
}

extension SQLiteAuthStore {
  /// The raised sign-in work, read outside the use cases: the composition root makes the
  /// hasher from it before any use case runs.
  public func raisedSignInWork() throws -> Int? {
    try withDatabase { database in
      try database.queryFirst(SQLiteStoreContext.raisedSignInWorkQuery) {
        row throws(SQLiteError) in try row.decode(Int.self, "work")
      }
    }
  }
}
