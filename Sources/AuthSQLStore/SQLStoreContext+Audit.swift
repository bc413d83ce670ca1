import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Appending is the same statement on both engines; reading with conditions is not (how a
// list of kinds is matched, how a NULL parameter is typed), so each engine writes those two
// statements (`eventsStatement`, `latestEventStatement`) and the reads are written here.

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

  package func events(matching query: AuditQuery) throws(AuthError) -> [AuthEvent] {
    try run { () throws(Failure) in
      // An account's events read with its name now; a name alone selects events of no
      // account, as typed or as its keyed hash (a failed sign-in at a free name).
      var hashedName: String?
      if let username = query.username { hashedName = try storedName(username) }
      return try self.query(
        Self.eventsStatement(query, hashedName: hashedName, kinds: query.kinds.map(Self.list)),
        row: Self.event)
    }
  }

  package func latestEventTime(
    of userID: UserID, kinds: Set<AuthEventKind>
  ) throws(AuthError) -> Date? {
    try run { () throws(Failure) in
      try queryFirst(Self.latestEventStatement(of: userID, kinds: Self.list(kinds))) {
        row throws(Failure) in try row.decode(Date?.self, "latest")
      } ?? nil
    }
  }

  /// The kinds' names, sorted and joined by commas, so that a statement's text never varies
  /// with them.
  private static func list(_ kinds: Set<AuthEventKind>) -> String {
    kinds.map(\.rawValue).sorted().joined(separator: ",")
  }
}
