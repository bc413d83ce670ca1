/// Failures of the PostgreSQL adapter. Messages carry the server's own reason and the SQL,
/// never a bound value or a password.
public enum PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libpq could not be loaded (not installed, or too old).
  case libraryMissing(reason: String)
  /// A `postgresql://` URI that libpq cannot read; `reason` is libpq's, without what it
  /// quoted from the URI.
  case invalidURI(reason: String)
  /// No connection could be made: the server refused it, is not running, or is unknown.
  /// `target` names the server without the password; `reason` is libpq's.
  case connectionFailed(target: String, reason: String)
  /// No connection could be made with the server's certificate checked
  /// (`sslmode=verify-full`), which authcli asked for because the URI names no `sslmode`
  /// and a host is not this machine; `reason` is libpq's.
  case verifiedConnectionFailed(target: String, reason: String)
  /// An open connection broke (the server restarted or went away) during a statement.
  case connectionLost(reason: String)
  /// The server refused a statement.
  case server(PostgresServerError)
  /// A stored value has a shape the schema does not allow.
  case unexpectedValue(column: String)
  /// The schema is newer than this binary knows; nothing was written.
  case schemaTooNew(found: Int, newestKnown: Int)
  /// A migration failed and was rolled back; the ones before it stay applied.
  indirect case migrationFailed(identifier: String, underlying: PostgresError)
  /// No schema of the connection's search path exists, so there is nowhere for the tables.
  case noSchema
  /// The connection's schema belongs to a role that is neither the connected one nor the
  /// database's owner (nor a superuser), which could change what authcli's statements do;
  /// nothing was read or written in it.
  case foreignSchema(schema: String, owner: String, role: String)
  /// The schema has none of authcli's tables, and the command may not create them.
  case notMigrated(schema: String, firstPending: String)
  /// The schema holds objects the migrations do not create, lacks some they do, or has
  /// objects owned by another role; one entry per object, by name. Nothing was written.
  case unexpectedSchema(schema: String, differences: [String])

  /// One line that says what failed, with the server's reason; the step is the front end's.
  public var description: String {
    switch self {
    case .libraryMissing(let reason):
      "the PostgreSQL client library (libpq) cannot be loaded: \(reason)"
    case .invalidURI(let reason): "libpq cannot read the URI: \(reason)"
    case .connectionFailed(let target, let reason):
      "cannot connect to PostgreSQL at \(target): \(reason)"
    case .verifiedConnectionFailed(let target, let reason):
      "cannot connect to PostgreSQL at \(target) with its certificate checked"
        + " (sslmode=verify-full, since the URI names no sslmode and its host is not this"
        + " machine): \(reason)"
    case .connectionLost(let reason): "the connection to PostgreSQL was lost: \(reason)"
    case .server(let error): error.description
    case .unexpectedValue(let column): "unexpected value stored in \(column)"
    case .schemaTooNew(let found, let newestKnown):
      "database schema version \(found) is newer than this program knows (\(newestKnown))"
    case .migrationFailed(let identifier, let underlying):
      "migration \(identifier) failed and was rolled back: \(underlying)"
    case .noSchema: "no schema of the search path exists"
    case .foreignSchema(let schema, let owner, let role):
      "schema \(schema) belongs to role \(owner), which is neither the role connected"
        + " (\(role)) nor the database's owner; it could change what authcli's statements do"
    case .notMigrated(let schema, let firstPending):
      "schema \(schema) has no authcli tables: it needs migration \(firstPending)"
    case .unexpectedSchema(let schema, let differences):
      "schema \(schema) holds what its migrations do not create: "
        + differences.joined(separator: ", ")
    }
  }

  /// The SQLSTATE of a statement the server refused, if that is what this is.
  public var sqlState: String? {
    if case .server(let error) = self { return error.sqlState }
    return nil
  }

  /// Whether trying the whole transaction again may succeed: a serialization failure
  /// (40001) or a deadlock (40P01).
  public var isRetryable: Bool {
    sqlState == "40001" || sqlState == "40P01"
  }

  /// Whether a UNIQUE constraint refused the row (23505).
  public var isUniqueViolation: Bool { sqlState == "23505" }

  /// Whether the failure is the connection itself rather than a statement.
  public var isConnectionFailure: Bool {
    switch self {
    case .connectionFailed, .verifiedConnectionFailed, .connectionLost: true
    case .migrationFailed(_, let underlying): underlying.isConnectionFailure
    default: false
    }
  }
}

/// A statement the server refused: its SQLSTATE, its primary message and the SQL.
public struct PostgresServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The five-character SQLSTATE, for example `23505`.
  public let sqlState: String
  /// The server's primary message (without the values that were bound).
  public let message: String
  /// The statement's SQL text, with placeholders; never the values.
  public let sql: String
  /// The table the server's refusal names, when it names one (a foreign key's referencing
  /// table, for example).
  public let table: String?

  /// Describes a refused statement.
  public init(sqlState: String, message: String, sql: String, table: String? = nil) {
    self.sqlState = sqlState
    self.message = message
    self.sql = sql
    self.table = table
  }

  /// `message (SQLSTATE xxxxx)`; the SQL is kept for logs and tests, not shown to users.
  public var description: String { "\(message) (SQLSTATE \(sqlState))" }
}
