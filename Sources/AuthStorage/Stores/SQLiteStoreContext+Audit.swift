import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  static func eventsStatement(
    _ query: AuditQuery, hashedName: String?, kinds: String?
  ) -> SQLiteQuery {
    let userID = query.userID?.rawValue
    return """
      SELECT auth_events.id, auth_events.time, auth_events.kind, auth_events.user_id,
        coalesce(users.username, auth_events.username) AS username, auth_events.detail
      FROM auth_events LEFT JOIN users ON users.id = auth_events.user_id
      WHERE (\(query.username) IS NULL OR (auth_events.user_id IS NULL
          AND (auth_events.username = \(query.username) OR auth_events.username = \(hashedName))))
        AND (\(userID) IS NULL OR auth_events.user_id = \(userID))
        AND (\(kinds) IS NULL OR instr(',' || \(kinds) || ',', ',' || auth_events.kind || ',') > 0)
        AND (\(query.since) IS NULL OR auth_events.time >= \(query.since))
      ORDER BY auth_events.time DESC, auth_events.id DESC LIMIT \(max(query.limit, 0))
      """
  }

  static func latestEventStatement(of userID: UserID, kinds: String) -> SQLiteQuery {
    """
    SELECT max(time) AS latest FROM auth_events
    WHERE user_id = \(userID.rawValue) AND instr(',' || \(kinds) || ',', ',' || kind || ',') > 0
    """
  }
}
