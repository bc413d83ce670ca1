import AuthDatabase

/// Everything the SQLite adapter throws: SQLite's own refusal of a statement (`engine`),
/// and the failures of opening, checking or migrating a database beyond one statement.
public enum SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The SQLite library, which is loaded when the first database is opened, could not be
  /// (not installed, or too old); `reason` is the dynamic loader's.
  case libraryMissing(reason: String)
  /// SQLite refused a statement: its result codes, its message and the SQL.
  case engine(SQLiteEngineError)
  /// The database file could not be created (missing directory, no permission).
  case cannotCreate(path: String, reason: FileFailureReason)
  /// No database file exists at the path and the open mode does not create one.
  case notFound(path: String)
  /// The path names a directory.
  case isDirectory(path: String)
  /// The file exists but is not an SQLite database.
  case notADatabase(path: String)
  /// The file exists but is empty. authcli never leaves an empty file behind (new
  /// databases appear whole), so an empty file is someone else's and is left alone.
  case emptyFile(path: String)
  /// The file is an SQLite database but damaged (for example truncated).
  case corrupt(path: String, detail: String)
  /// The file could not be opened or read for another reason.
  case cannotOpen(path: String, underlying: SQLiteEngineError)
  /// The file is another program's SQLite database (tables, but schema version 0);
  /// the file was left untouched.
  case foreignDatabase(path: String)
  /// The schema is newer than this binary knows; the file was left untouched.
  case schemaTooNew(found: Int, newestKnown: Int)
  /// A migration failed and was rolled back; the ones before it stay applied.
  case migrationFailed(identifier: String, underlying: SQLiteEngineError)
  /// A stored value has a shape the schema does not allow.
  case unexpectedValue(column: String)
  /// A migration left rows whose foreign keys point nowhere; it was rolled back.
  case foreignKeysBroken(identifier: String, table: String)
  /// The database file is refused: a link, another user's, or readable or writable by others.
  case unsafeFile(path: String, reason: UnsafeFileReason)
  /// The database's folder is refused: another user's, or writable by others.
  case unsafeFolder(path: String, reason: UnsafeFileReason)
  /// A folder on the way to the database (`folder`) is refused: another user's, or one that
  /// others can write to and that is not sticky, or another user's entry in a sticky one.
  case unsafePath(path: String, folder: String, reason: UnsafeFileReason)
  /// The file could not be opened for its checks (permission, I/O).
  case cannotOpenFile(path: String, reason: FileFailureReason)
  /// The schema holds objects the applied migrations do not create, or lacks or changed
  /// ones they do (each named, for example "extra trigger t"); nothing was written.
  case unexpectedSchema(path: String, differences: [String])

  /// A one-line explanation that names the path, never stored values, and no step to take
  /// (a front end words that, from the case and its values).
  public var description: String {
    switch self {
    case .engine(let underlying): underlying.description
    case .libraryMissing(let reason): "the SQLite library (libsqlite3) cannot be loaded: \(reason)"
    case .cannotCreate(let path, let reason): "cannot create database \(path): \(reason)"
    case .notFound(let path): "no database at \(path)"
    case .isDirectory(let path): "\(path) is a directory, not a database file"
    case .notADatabase(let path): "\(path) is not an SQLite database"
    case .emptyFile(let path): "\(path) is an empty file, not an authcli database"
    case .foreignDatabase(let path):
      "\(path) is an SQLite database of another program (tables, but no authcli schema)"
    case .corrupt(let path, let detail): "database \(path) is damaged: \(detail)"
    case .cannotOpen(let path, let underlying): "cannot open database \(path): \(underlying)"
    case .schemaTooNew(let found, let newestKnown):
      "database schema version \(found) is newer than this program knows (\(newestKnown))"
    case .migrationFailed(let identifier, let underlying):
      "migration \(identifier) failed and was rolled back: \(underlying)"
    case .unexpectedValue(let column): "unexpected value stored in \(column)"
    case .foreignKeysBroken(let identifier, let table):
      "migration \(identifier) left rows in \(table) whose foreign keys point nowhere;"
        + " it was rolled back"
    case .unsafeFile(let path, let reason): "refusing database \(path): \(reason)"
    case .unsafeFolder(let path, let reason): "refusing database folder \(path): \(reason)"
    case .unsafePath(let path, let folder, let reason):
      "refusing database \(path): \(folder) on its path is unsafe: \(reason)"
    case .cannotOpenFile(let path, let reason): "cannot open database \(path): \(reason)"
    case .unexpectedSchema(let path, let differences):
      "database \(path) has a schema its migrations do not create: "
        + differences.joined(separator: ", ")
    }
  }

  /// Whether SQLite refused a statement because another connection held a lock past the
  /// busy timeout.
  public var isBusy: Bool {
    guard case .engine(let underlying) = self else { return false }
    return underlying.isBusy
  }

  /// Whether a UNIQUE constraint refused the write.
  public var isUniqueViolation: Bool {
    guard case .engine(let underlying) = self else { return false }
    return underlying.isUniqueViolation
  }
}
