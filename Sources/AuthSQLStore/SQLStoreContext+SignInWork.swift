import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLStoreContext {
  /// The raised work's one row.
  package static var raisedSignInWorkQuery: Query { "SELECT work FROM sign_in_work WHERE id = 1" }

  package func raisedSignInWork() throws(AuthError) -> Int? {
    try run { () throws(Failure) in
      try queryFirst(Self.raisedSignInWorkQuery) { row throws(Failure) in
        try row.decode(Int.self, "work")
      }
    }
  }

  package func setRaisedSignInWork(_ work: Int?, at time: Date) throws(AuthError) {
    try run { () throws(Failure) in
      guard let work else {
        try execute("DELETE FROM sign_in_work")
        return
      }
      try execute(
        """
        INSERT INTO sign_in_work (id, work, updated_at) VALUES (1, \(work), \(time))
        ON CONFLICT (id) DO UPDATE SET work = excluded.work, updated_at = excluded.updated_at
        """)
    }
  }
}
