import AuthDatabase

/// A statement and the values bound to it, written as one string: each interpolated value
/// becomes the next `$n` parameter and is bound in binary, so no value is ever spliced into
/// the SQL and none can drift from its number.
///
/// ```swift
/// let query: PostgresQuery = "SELECT id FROM users WHERE name_hash = \(hash)"
/// ```
///
/// A query interpolated into another adds its text and its values where it stands, its
/// parameters numbered on from the ones before. A NULL's type comes from the statement
/// (write a cast where the server cannot infer it). Text that is not a literal (a migration
/// read from a file) is passed as `PostgresQuery(sql:)`, with no values.
public struct PostgresQuery: ExpressibleByStringInterpolation, Sendable {
  /// The text around the values: one more piece than there are values.
  private var pieces: [String]
  /// The values, in the order of their parameters.
  public private(set) var binds: [DatabaseValue]

  /// A statement with no values.
  public init(sql: String) {
    pieces = [sql]
    binds = []
  }

  /// A statement and the values interpolated into it.
  public init(stringInterpolation: StringInterpolation) {
    pieces = stringInterpolation.pieces
    binds = stringInterpolation.binds
  }

  /// The statement text, with `$1`, `$2`… for the values.
  public var sql: String {
    var text = pieces[0]
    for (index, piece) in pieces.dropFirst().enumerated() {
      text += "$\(index + 1)" + piece
    }
    return text
  }

  /// Collects the text and the values of a query literal.
  public struct StringInterpolation: StringInterpolationProtocol {
    var pieces = [""]
    var binds: [DatabaseValue] = []

    /// Room for the literal's values.
    public init(literalCapacity: Int, interpolationCount: Int) {
      pieces.reserveCapacity(interpolationCount + 1)
      binds.reserveCapacity(interpolationCount)
    }

    /// SQL text, as written.
    public mutating func appendLiteral(_ literal: String) {
      pieces[pieces.count - 1] += literal
    }

    /// A value as both engines store it.
    public mutating func appendInterpolation(_ value: DatabaseValue) {
      binds.append(value)
      pieces.append("")
    }

    /// Another query's text and values, in place.
    public mutating func appendInterpolation(_ fragment: PostgresQuery) {
      pieces[pieces.count - 1] += fragment.pieces[0]
      pieces += fragment.pieces.dropFirst()
      binds += fragment.binds
    }
  }
}

// The store operations whose statement is the same on both engines are written once against
// these (`SQLStoreContext`).
extension PostgresQuery: DatabaseQuery {
  /// `pg_catalog.`, where every built-in function is named.
  public static let builtInSchema: PostgresQuery = "pg_catalog."
}

extension PostgresQuery.StringInterpolation: DatabaseQueryInterpolation {
  /// The query this literal builds.
  public typealias Query = PostgresQuery
}
