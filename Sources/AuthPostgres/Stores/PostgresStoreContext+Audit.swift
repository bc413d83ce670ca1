import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  /// A NULL parameter's type comes from the statement, so each is cast; the limit is
  /// clamped before the text, whose calls are all PostgreSQL functions named with their
  /// schema.
  static func eventsStatement(
    _ query: AuditQuery, hashedName: String?, kinds: String?
  ) -> PostgresQuery {
    let userID = query.userID?.rawValue
    let rowLimit = max(query.limit, 0)
    return """
      SELECT auth_events.id, auth_events.time, auth_events.kind, auth_events.user_id,
        COALESCE(users.username, auth_events.username) AS username, auth_events.detail
      FROM auth_events LEFT JOIN users ON users.id = auth_events.user_id
      WHERE (\(query.username)::text IS NULL
          OR (auth_events.user_id IS NULL AND (auth_events.username = \(query.username)::text
            OR auth_events.username = \(hashedName)::text)))
        AND (\(userID)::bigint IS NULL OR auth_events.user_id = \(userID)::bigint)
        AND (\(kinds)::text IS NULL
          OR auth_events.kind = ANY (pg_catalog.string_to_array(\(kinds)::text, ',')))
        AND (\(query.since)::bigint IS NULL OR auth_events.time >= \(query.since)::bigint)
      ORDER BY auth_events.time DESC, auth_events.id DESC LIMIT \(rowLimit)
      """
  }

  static func latestEventStatement(of userID: UserID, kinds: String) -> PostgresQuery {
    """
    SELECT pg_catalog.max(time) AS latest FROM auth_events
    WHERE user_id = \(userID.rawValue)
      AND kind = ANY (pg_catalog.string_to_array(\(kinds)::text, ','))
    """
  }
}
