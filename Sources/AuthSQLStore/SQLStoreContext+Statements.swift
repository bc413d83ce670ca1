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
    try queryFirst("SELECT \(Self.countAll) AS count \(rest)") { row throws(Failure) in
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
}
