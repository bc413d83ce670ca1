import AuthCore

/// The SQLite library version this binary runs against (the library is loaded now if it was
/// not), or "unavailable" when it cannot be loaded.
public var sqliteLibraryVersion: String {
  (try? LibSQLite.loaded())?.version ?? "unavailable"
}
