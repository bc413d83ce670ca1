import AuthPostgres

/// What names a database's session and device-cookie files (through `PathDigest`).
///
/// An SQLite database: its absolute path. A PostgreSQL store: its own identity, which a
/// standby holds too, so that a failover keeps the session; never the URI's text (one URI
/// can reach several databases through `PGDATABASE`, `PGHOST`, …, and several URIs one
/// database) nor where the connection arrived, which a failover changes. The files of
/// earlier releases, named by those, are taken over.
enum StateFileKey {
  /// The key of a PostgreSQL store: its own identity (`PostgresAuthStore.identityAndSignInWork()`), the
  /// same through every URI and server that reaches it, a promoted standby included.
  static func ofStore(identity: String) -> String {
    "postgresql-store\u{0}" + identity
  }

  /// The key the previous release used for a PostgreSQL database: where the connection
  /// arrived, as libpq reports it once connected. Used only to take over its files. Starts with no `/`, so no
  /// SQLite path has it; the fields are NUL-separated, a byte none of them can hold.
  static func of(_ endpoint: PostgresEndpoint) -> String {
    [
      "postgresql", endpoint.host, endpoint.port, endpoint.database, endpoint.user,
      endpoint.options,
    ]
    .joined(separator: "\u{0}")
  }

  /// The key releases before this one used for a PostgreSQL database: the URI as given,
  /// without its password (`user:secret@` and `password=` cut out of the text). Used only
  /// to take over the files they left (`SessionStateFile.adopt(_:)`), never printed.
  static func legacy(uri: String) -> String {
    guard let separator = uri.indices.first(where: { uri[$0...].hasPrefix("://") }) else {
      return uri
    }
    let schemeEnd = uri.index(separator, offsetBy: 3)
    let scheme = uri[..<schemeEnd]
    let rest = uri[schemeEnd...]
    let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
    let beforeQuery = rest[..<queryStart]
    let authorityEnd = beforeQuery.firstIndex(of: "/") ?? beforeQuery.endIndex
    var authority = String(beforeQuery[..<authorityEnd])
    let path = beforeQuery[authorityEnd...]
    if let at = authority.lastIndex(of: "@") {
      let userInfo = authority[..<at]
      if let colon = userInfo.firstIndex(of: ":") {
        authority = String(userInfo[..<colon]) + String(authority[at...])
      }
    }
    var parameters: [Substring] = []
    if queryStart < rest.endIndex {
      for parameter in rest[rest.index(after: queryStart)...].split(separator: "&")
      where !parameter.lowercased().hasPrefix("password=") {
        parameters.append(parameter)
      }
    }
    return scheme + authority + path
      + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
  }
}
