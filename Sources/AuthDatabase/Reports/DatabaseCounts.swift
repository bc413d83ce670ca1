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

/// How many accounts store a password hash of one scheme.
public struct PasswordSchemeCount: Hashable, Sendable, Codable {
  /// The scheme's name as `users show` gives it (`argon2id`, `bcrypt`, …), or `unreadable`
  /// for a stored string no scheme's prefix starts.
  public let scheme: String
  /// The accounts that store one.
  public let accounts: Int

  /// Describes one scheme's count.
  public init(scheme: String, accounts: Int) {
    self.scheme = scheme
    self.accounts = accounts
  }

  /// The name of a stored string no known prefix starts.
  public static let unreadable = "unreadable"

  /// One statement counting `users` by scheme, alike on both engines: a `CASE` over
  /// the stored hash's first characters (`prefixes` as pairs of prefix and scheme name,
  /// first match wins), grouped. `functionSchema` qualifies the functions called
  /// (`pg_catalog.` on PostgreSQL, whose search path an attacker's schema may lead; empty on
  /// SQLite). The prefixes are the program's own constants, quoted as SQL literals; no
  /// input reaches the text.
  public static func countingStatement(
    prefixes: [(prefix: String, scheme: String)], functionSchema: String = ""
  ) -> String {
    let cases = prefixes.map { prefix, scheme in
      "WHEN \(functionSchema)substr(password_hash, 1, \(prefix.utf8.count)) = \(literal(prefix)) "
        + "THEN \(literal(scheme))"
    }
    return "SELECT CASE " + cases.joined(separator: " ") + " ELSE \(literal(unreadable)) END"
      + " AS scheme, \(functionSchema)count(*) AS accounts FROM users GROUP BY 1 ORDER BY 1"
  }

  /// A string literal, its quotes doubled.
  private static func literal(_ text: String) -> String {
    let parts = text.split(separator: "'", omittingEmptySubsequences: false)
    return "'" + parts.joined(separator: "''") + "'"
  }
}
