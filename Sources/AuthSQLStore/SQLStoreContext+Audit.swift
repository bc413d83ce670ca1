import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Appending is the same statement on both engines; reading with conditions is not (how a
// list of kinds is matched, how a NULL parameter is typed), so each engine writes
// `events(matching:)` and `latestEventTime(of:kinds:)` itself, with `event(from:)`.

extension SQLStoreContext {
  package func append(_ event: AuthEventDraft) throws(AuthError) {
    try run { () throws(Failure) in
      let username = try event.storedUsername(hashed: storedName)
      try execute(
        """
        INSERT INTO auth_events (time, kind, user_id, username, detail)
        VALUES (\(event.time), \(event.kind.rawValue), \(event.userID?.rawValue), \(username),
          \(event.detail))
        """)
    }
  }

  package func recentEvents(limit: Int) throws(AuthError) -> [AuthEvent] {
    try events(matching: AuditQuery(limit: limit))
  }
}
