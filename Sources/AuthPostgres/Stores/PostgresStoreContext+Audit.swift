import AuthDatabase

extension PostgresStoreContext {
  /// The list split into an array, its calls named with their schema.
  static func isListed(_ name: PostgresQuery, in list: PostgresQuery) -> PostgresQuery {
    "\(name) = ANY (pg_catalog.string_to_array(\(list), ','))"
  }
}
