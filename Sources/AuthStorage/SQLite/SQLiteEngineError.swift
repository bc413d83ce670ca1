import CSQLite

/// A failure reported by the SQLite engine.
///
/// Carries the result codes, SQLite's message and the SQL text that failed,
/// but never the values bound to it: those may be password hashes or token hashes.
public struct SQLiteEngineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The extended result code (for example 2067, `SQLITE_CONSTRAINT_UNIQUE`).
  public let extendedCode: Int32
  /// SQLite's own message, which names tables and columns but not values.
  public let message: String
  /// The statement that failed, when there was one.
  public let sql: String?

  /// Describes a failure from its codes, message and statement text.
  public init(extendedCode: Int32, message: String, sql: String?) {
    self.extendedCode = extendedCode
    self.message = message
    self.sql = sql
  }

  /// The primary result code (the low byte of the extended code, for example `SQLITE_CONSTRAINT`).
  public var primaryCode: Int32 { extendedCode & 0xFF }

  /// Whether another connection held a lock past the busy timeout.
  public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

  // The extended codes are C function-like macros that Swift does not import;
  // these are SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_FOREIGNKEY from sqlite3.h.

  /// Whether a UNIQUE constraint refused the write.
  public var isUniqueViolation: Bool { extendedCode == SQLITE_CONSTRAINT | (8 << 8) }

  /// Whether a foreign key refused the write.
  public var isForeignKeyViolation: Bool { extendedCode == SQLITE_CONSTRAINT | (3 << 8) }

  /// The message, the codes and the statement, on one line.
  public var description: String {
    var text = "SQLite error \(primaryCode)/\(extendedCode)"
    // An engine error comes from a loaded library; one made by hand without it has no name.
    if let sqlite = try? LibSQLite.loaded() {
      text += " (\(sqlite.name(ofCode: extendedCode)))"
    }
    text += ": \(message)"
    if let sql { text += " — in: \(sql)" }
    return text
  }

  /// The error the connection reports right now, for the statement given.
  static func current(
    on handle: OpaquePointer?, sqlite: LibSQLite, sql: String?
  ) -> SQLiteEngineError {
    guard let handle else {
      return SQLiteEngineError(extendedCode: SQLITE_CANTOPEN, message: "no connection", sql: sql)
    }
    return SQLiteEngineError(
      extendedCode: sqlite.extendedErrcode(handle),
      message: sqlite.message(on: handle), sql: sql)
  }
}
