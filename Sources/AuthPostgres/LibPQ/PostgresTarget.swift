/// A PostgreSQL server and database named by a libpq URI (`postgresql://…` or `postgres://…`).
///
/// Keeps the URI as given for libpq, and a form without any password for messages, file
/// names and keys: a password may sit in the user part (`user:secret@`) or in a
/// `password=` parameter.
public struct PostgresTarget: Hashable, Sendable {
  /// The URI exactly as given, handed to libpq.
  public let connectionString: String
  /// The URI without its password: safe to print and to derive names from.
  public let displayName: String
  /// Whether the URI itself carries a password.
  public let hasPassword: Bool

  /// Whether `text` names a PostgreSQL database rather than an SQLite file.
  public static func isURI(_ text: String) -> Bool {
    let lowered = text.prefix(16).lowercased()
    return lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://")
  }

  /// Reads a libpq URI; `nil` when `uri` is not one.
  public init?(uri: String) {
    guard Self.isURI(uri), let schemeEnd = uri.firstRange(of: "://") else { return nil }
    connectionString = uri
    let scheme = uri[..<schemeEnd.upperBound]
    let rest = uri[schemeEnd.upperBound...]
    let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
    let beforeQuery = rest[..<queryStart]
    let authorityEnd = beforeQuery.firstIndex(of: "/") ?? beforeQuery.endIndex
    var authority = String(beforeQuery[..<authorityEnd])
    let path = beforeQuery[authorityEnd...]
    var passwordFound = false
    if let at = authority.lastIndex(of: "@") {
      let userInfo = authority[..<at]
      if let colon = userInfo.firstIndex(of: ":") {
        passwordFound = true
        authority = String(userInfo[..<colon]) + String(authority[at...])
      }
    }
    var parameters: [Substring] = []
    if queryStart < rest.endIndex {
      for parameter in rest[rest.index(after: queryStart)...].split(separator: "&") {
        if parameter.lowercased().hasPrefix("password=") {
          passwordFound = true
        } else {
          parameters.append(parameter)
        }
      }
    }
    hasPassword = passwordFound
    displayName =
      scheme + authority + path
      + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
  }
}
