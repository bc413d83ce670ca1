import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The operations whose statements both engines share, and the two shapes of statement the
// housekeeping counts and bounded deletes are made of.

extension SQLStoreContext {
  /// How many rows `rest` (a `FROM` clause and its conditions) selects.
  package func count(_ rest: Query) throws(Failure) -> Int {
    try queryFirst("SELECT \(Query.builtInSchema)count(*) AS count \(rest)") {
      row throws(Failure) in
      try row.decode(Int.self, "count")
    } ?? 0
  }

  /// Deletes the rows of `table` that `condition` selects, at most `limit` of them (by
  /// `order`, first first) when a limit is given; returns how many.
  ///
  /// A bounded delete is a subquery on `key`: `DELETE … LIMIT` needs a compile-time option
  /// in SQLite and does not exist in PostgreSQL, and the subquery keeps to the index that
  /// `order` names.
  package func deleteRows(
    from table: Query, key: Query, where condition: Query, orderedBy order: Query, limit: Int?
  ) throws(Failure) -> Int {
    guard let limit else { return try execute("DELETE FROM \(table) \(condition)") }
    return try execute(
      """
      DELETE FROM \(table) WHERE \(key) IN
        (SELECT \(key) FROM \(table) \(condition) ORDER BY \(order) LIMIT \(max(limit, 0)))
      """)
  }

  /// Deletes the rows of `table` (keyed by `key`) whose `expires_at` is at or before `time`,
  /// at most `limit` of them, soonest expired first, on the table's expiry index.
  package func deleteExpired(
    from table: Query, key: Query, asOf time: Date, limit: Int?
  ) throws(AuthError) -> Int {
    try run { () throws(Failure) in
      try deleteRows(
        from: table, key: key, where: "WHERE expires_at <= \(time)", orderedBy: "expires_at",
        limit: limit)
    }
  }

  /// How many rows of `table` have an `expires_at` at or before `time`.
  package func countExpired(in table: Query, asOf time: Date) throws(AuthError) -> Int {
    try run { () throws(Failure) in try count("FROM \(table) WHERE expires_at <= \(time)") }
  }
}
