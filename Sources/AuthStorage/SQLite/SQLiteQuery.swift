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
  }
}

/// A statement whose text is built once, for a statement run again and again (the session
/// check): its values are supplied at each run, in the order of `Value`, and bound straight
/// from the arguments.
///
/// ```swift
/// static let userByName = SQLitePreparedQuery {
///   (name: SQLiteQuery.Parameter<String>) -> SQLiteQuery in
///   "SELECT id FROM users WHERE username = \(name)"
/// }
/// try database.queryFirst(userByName, binding: "alice") { … }
/// ```
///
/// Joining a query's text and collecting its values into an array at every run cost about
/// 2,000 instructions of an 18,000-instruction session check (figure 1 of
/// docs/performance.md). Its text may take other queries' text (column lists) but no
/// values of its own: those are refused when it runs.
public struct SQLitePreparedQuery<each Value: DatabaseValueConvertible>: Sendable {
  /// The statement text, with `?1`, `?2`, … for the values of each run.
  public let sql: String
  /// Whether the text was given values of its own, which no run would bind.
  let hasFixedValues: Bool

  /// The query `build` writes from one placeholder per value.
  public init(_ build: (repeat SQLiteQuery.Parameter<each Value>) -> SQLiteQuery) {
    var count = 0
    func next<Placed>(_: Placed.Type) -> SQLiteQuery.Parameter<Placed> {
      count += 1
      return SQLiteQuery.Parameter(number: count)
    }
    let query = build(repeat next((each Value).self))
    sql = query.sql
    hasFixedValues = !query.binds.isEmpty
  }
}

extension SQLiteQuery {
  /// The place of a prepared query's value; it stands for that value in the query's text.
  public struct Parameter<Value: DatabaseValueConvertible> {
    /// Its number among the query's values, from 1.
    let number: Int
  }
}

extension SQLiteQuery.StringInterpolation {
  /// A prepared query's value, numbered (`?1`), so it may stand anywhere and more than once.
  public mutating func appendInterpolation<Value>(_ parameter: SQLiteQuery.Parameter<Value>) {
    sql += "?\(parameter.number)"
  }
}

// The store operations whose statement is the same on both engines are written once against
// these (`SQLStoreContext`).
extension SQLiteQuery: DatabaseQuery {
  /// Nothing: SQLite has no schema of built-ins.
  public static let builtInSchema: SQLiteQuery = ""
}

extension SQLiteQuery.StringInterpolation: DatabaseQueryInterpolation {
  /// The query this literal builds.
  public typealias Query = SQLiteQuery
}
