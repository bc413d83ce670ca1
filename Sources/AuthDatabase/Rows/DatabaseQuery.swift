/// A statement written as one string, each interpolated value a parameter of its own: what
/// both engines' query types (`SQLiteQuery`, `PostgresQuery`) are, so that a statement whose
/// text is the same on both is written once, against this protocol.
public protocol DatabaseQuery: ExpressibleByStringInterpolation, Sendable
where
  StringLiteralType == String, StringInterpolation: DatabaseQueryInterpolation,
  StringInterpolation.Query == Self
{
  /// A statement with no values, from text that is not a literal.
  init(sql: String)
  /// The statement text, with the engine's placeholders for the values.
  var sql: String { get }
  /// What qualifies a built-in function's name: `pg_catalog.` on PostgreSQL, whose search
  /// path an attacker's schema may lead; nothing on SQLite.
  static var builtInSchema: Self { get }
}

/// What a query literal may interpolate on either engine: values, which become parameters,
/// and other queries, whose text and values stand where they are written.
///
/// An engine supplies how a value and a fragment are placed (`?` or `$n`); the typed values
/// and quoted names are placed the same way on both, below.
public protocol DatabaseQueryInterpolation: StringInterpolationProtocol
where StringLiteralType == String {
  /// The query this literal builds.
  associatedtype Query

  /// A value as both engines store it, bound to a parameter of its own.
  mutating func appendInterpolation(_ value: DatabaseValue)
  /// Another query's text and values, in place.
  mutating func appendInterpolation(_ fragment: Query)
}

extension DatabaseQuery {
  /// A statement with no values.
  @inlinable public init(stringLiteral sql: String) {
    self.init(sql: sql)
  }
}

// Inlinable, so that each engine's literals bind their values with direct calls, as when
// every engine wrote these itself.
extension DatabaseQueryInterpolation {
  /// A value, bound to a parameter of its own.
  @inlinable public mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
    appendInterpolation(value.databaseValue)
  }

  /// A value that may be missing, bound as NULL when it is.
  @inlinable public mutating func appendInterpolation(_ value: (some DatabaseValueConvertible)?) {
    appendInterpolation(value?.databaseValue ?? .null)
  }

  /// A table or column name, quoted as an identifier (never a value).
  public mutating func appendInterpolation(identifier: String) {
    appendLiteral(SQLText.identifier(identifier))
  }
}
