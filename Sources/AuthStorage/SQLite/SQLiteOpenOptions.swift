/// How a connection may touch the file it opens.
public enum SQLiteOpenMode: Hashable, Sendable {
  /// Reads only; a missing file is an error and nothing is ever written.
  case readOnly
  /// Reads and writes an existing file; a missing file is an error.
  case readWrite
  /// Reads and writes, creating the file (mode 0600) when it is missing.
  case readWriteCreate
}

/// Settings for opening a connection.
public struct SQLiteOpenOptions: Hashable, Sendable {
  /// What the connection may do to the file.
  public var mode: SQLiteOpenMode
  /// How long a statement waits for another connection's lock, in milliseconds.
  public var busyTimeoutMilliseconds: Int32
  /// When set, the file must be this program's database (or empty): a higher
  /// `user_version` is refused, and so is version 0 with tables in it, which is another
  /// program's database; both before anything is written.
  public var newestKnownSchemaVersion: Int?
  /// Accepts a file that group or others may read. Only for `migrate --adopt`, which brings
  /// in a copy another tool made (with its umask, 0644 as a rule) and makes it 0600 once it
  /// has passed its checks; every other open refuses such a file.
  public var allowsReadableByOthers: Bool
  /// With a writable mode: the connection refuses every write (`PRAGMA query_only`) and the
  /// journal mode is left as it is, so the file's bytes stay exactly as they were. For
  /// checks that need a writable connection: `PRAGMA integrity_check` skips the CHECK
  /// constraints on a read-only one.
  public var writesNothing: Bool

  /// Creates options; the busy timeout defaults to five seconds.
  public init(
    mode: SQLiteOpenMode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 5000,
    newestKnownSchemaVersion: Int? = nil, allowsReadableByOthers: Bool = false,
    writesNothing: Bool = false
  ) {
    self.mode = mode
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    self.newestKnownSchemaVersion = newestKnownSchemaVersion
    self.allowsReadableByOthers = allowsReadableByOthers
    self.writesNothing = writesNothing
  }
}
