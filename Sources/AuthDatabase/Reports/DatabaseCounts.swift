/// A table and how many rows it holds.
public struct TableCount: Hashable, Sendable, Codable {
  /// The table name.
  public let name: String
  /// Its row count.
  public let rows: Int

  /// Describes a table's size.
  public init(name: String, rows: Int) {
    self.name = name
    self.rows = rows
  }
}

/// Sessions split by whether they had expired at the report's time.
public struct SessionCounts: Hashable, Sendable, Codable {
  /// Sessions whose expiry lies after the report's time.
  public let active: Int
  /// Sessions whose expiry is at or before the report's time.
  public let expired: Int

  /// Describes the session counts.
  public init(active: Int, expired: Int) {
    self.active = active
    self.expired = expired
  }
}

/// What `authcli sessions prune` would delete at the report's time.
public struct PrunableCounts: Hashable, Sendable, Codable {
  /// Sessions past their expiry.
  public let expiredSessions: Int
  /// Sign-in throttle rows that no longer lock anything and whose failures are forgotten.
  public let throttleRows: Int
  /// Device cookies past their expiry (0 before the schema that keeps device cookies).
  public let expiredDeviceCookies: Int

  /// Describes the counts.
  public init(expiredSessions: Int, throttleRows: Int, expiredDeviceCookies: Int = 0) {
    self.expiredSessions = expiredSessions
    self.throttleRows = throttleRows
    self.expiredDeviceCookies = expiredDeviceCookies
  }
}
