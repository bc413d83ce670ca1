import AuthCore
import CSQLite

/// The SQLite library version this binary runs against.
public var sqliteLibraryVersion: String { String(cString: sqlite3_libversion()) }
