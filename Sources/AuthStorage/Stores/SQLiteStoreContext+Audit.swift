import AuthDatabase

extension SQLiteStoreContext {
  /// SQLite has no arrays: the name, between commas, is found in the list between commas.
  static func isListed(_ name: SQLiteQuery, in list: SQLiteQuery) -> SQLiteQuery {
    "instr(',' || \(list) || ',', ',' || \(name) || ',') > 0"
  }
}
