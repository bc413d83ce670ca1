import AuthDatabase

/// A statement and the values bound to it, written as one string: each interpolated value
/// becomes a `?` parameter and is bound in the order it appears, so no value is ever
/// spliced into the SQL and none can drift from its place.
///
/// ```swift
/// let query: SQLiteQuery = "SELECT id FROM users WHERE username = \(name)"
/// ```
///
/// A query interpolated into another adds its text and its values where it stands. Text
/// that is not a literal (a migration read from a file) is passed as `SQLiteQuery(sql:)`,
/// with no values.
public struct SQLiteQuery: ExpressibleByStringInterpolation, Sendable {
  /// The statement text, with a `?` for each value.
  public private(set) var sql: String
  /// The values, in the order of their `?`.
  public private(set) var binds: [DatabaseValue]

  /// A statement with no values.
  public init(sql: String) {
    self.sql = sql
    self.binds = []
  }

  /// A statement with no values.
  public init(stringLiteral sql: String) {
    self.init(sql: sql)
  }

  /// A statement and the values interpolated into it.
  public init(stringInterpolation: StringInterpolation) {
    sql = stringInterpolation.sql
    binds = stringInterpolation.binds
  }

  /// Collects the text and the values of a query literal.
  public struct StringInterpolation: StringInterpolationProtocol {
    var sql = ""
    var binds: [DatabaseValue] = []

    /// Room for the literal's text and its values.
    public init(literalCapacity: Int, interpolationCount: Int) {
      sql.reserveCapacity(literalCapacity + interpolationCount)
      binds.reserveCapacity(interpolationCount)
    }

    /// SQL text, as written.
    public mutating func appendLiteral(_ literal: String) {
      sql += literal
    }

    /// A value, bound to a parameter of its own.
    public mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
      sql += "?"
      binds.append(value.databaseValue)
    }

    /// A value that may be missing, bound as NULL when it is.
    public mutating func appendInterpolation(_ value: (some DatabaseValueConvertible)?) {
      sql += "?"
      binds.append(value?.databaseValue ?? .null)
    }

    /// A value as both engines store it.
    public mutating func appendInterpolation(_ value: DatabaseValue) {
      sql += "?"
      binds.append(value)
    }

    /// Another query's text and values, in place.
    public mutating func appendInterpolation(_ fragment: SQLiteQuery) {
      // Room for the rest of the literal too, so a query of fragments grows its text once.
      sql.reserveCapacity(sql.utf8.count + fragment.sql.utf8.count + 64)
      sql += fragment.sql
      binds += fragment.binds
    }

    /// A table or column name, quoted as an identifier (never a value).
    public mutating func appendInterpolation(identifier: String) {
      sql += "\"" + identifier.replacing("\"", with: "\"\"") + "\""
    }
  }
}
