import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  func raisedSignInWork() throws(AuthError) -> Int? {
    try run {
      try database.queryFirst("SELECT work FROM sign_in_work WHERE id = 1") { row in
        Int(row.int64(at: 0))
      }
    }
  }

  func setRaisedSignInWork(_ work: Int?, at time: Date) throws(AuthError) {
    try run {
      guard let work else {
        _ = try database.execute("DELETE FROM sign_in_work")
        return
      }
      _ = try database.execute(
        """
        INSERT INTO sign_in_work (id, work, updated_at) VALUES (1, ?1, ?2)
        ON CONFLICT (id) DO UPDATE SET work = excluded.work, updated_at = excluded.updated_at
        """, [.integer(Int64(work)), .time(time)])
    }
  }
}

extension SQLiteAuthStore {
  /// The raised sign-in work, read outside the use cases: the composition root makes the
  /// hasher from it before any use case runs.
  public func raisedSignInWork() throws -> Int? {
    try withDatabase { database in
      try database.queryFirst("SELECT work FROM sign_in_work WHERE id = 1") { row in
        Int(row.int64(at: 0))
      }
    }
  }
}
