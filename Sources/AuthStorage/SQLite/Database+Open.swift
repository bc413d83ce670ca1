import CSQLite
import Foundation

#if canImport(Glibc)
  import Glibc

  private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    Glibc.open(path, flags, mode)
  }
  private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#elseif canImport(Darwin)
  import Darwin

  private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    Darwin.open(path, flags, mode)
  }
  private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif

extension Database {
  /// Opens a connection, checks that the file really is a readable database, then
  /// configures it.
  ///
  /// Order matters, because nothing may be written to a file that turns out to be
  /// foreign, damaged or too new: first the file is created (0600) if the mode
  /// allows and it is missing; then SQLite opens it and the per-connection pragmas
  /// that do not touch the file are set; then the schema is read as a probe; then
  /// the schema version is compared with `newestKnownSchemaVersion`; only then,
  /// for writable files, `journal_mode=WAL` and `synchronous=NORMAL`.
  public static func open(path: String, options: OpenOptions = OpenOptions()) throws -> Database {
    let isMemory = path == inMemoryPath
    if !isMemory { try prepareFile(at: path, mode: options.mode) }
    let database = try connect(path: path, mode: options.mode)
    try database.executeScript(
      """
      PRAGMA foreign_keys = ON;
      PRAGMA trusted_schema = OFF;
      PRAGMA secure_delete = ON;
      PRAGMA busy_timeout = \(options.busyTimeoutMilliseconds);
      """)
    try database.probe()
    if let newest = options.newestKnownSchemaVersion {
      let found = try database.userVersion()
      if found > newest { throw StorageError.schemaTooNew(found: found, newestKnown: newest) }
      // Version 0 is a new database only when it is empty; with tables it belongs to
      // another program, and migrating it would write this schema into that file.
      if found == 0, try database.scalarInt("SELECT count(*) FROM sqlite_schema") > 0 {
        throw StorageError.foreignDatabase(path: path)
      }
    }
    if !isMemory && options.mode != .readOnly {
      try database.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
    }
    return database
  }

  /// Opens a private in-memory database with the same pragmas as a file.
  public static func openInMemory(busyTimeoutMilliseconds: Int32 = 5000) throws -> Database {
    try open(
      path: inMemoryPath,
      options: OpenOptions(mode: .readWriteCreate, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    )
  }

  /// Refuses directories and missing files the mode may not create, and creates a
  /// missing file with mode 0600 so SQLite (which copies the database file's mode to
  /// its -wal and -shm files) never makes anything wider.
  private static func prepareFile(at path: String, mode: OpenMode) throws {
    var status = stat()
    if stat(path, &status) == 0 {
      let kind = status.st_mode & S_IFMT
      if kind == S_IFDIR { throw StorageError.isDirectory(path: path) }
      // A FIFO would block the open until a writer comes, a device reads as anything:
      // only a regular file (through any symbolic links) can be a database.
      if kind != S_IFREG { throw StorageError.notADatabase(path: path) }
      return
    }
    guard mode == .readWriteCreate else { throw StorageError.notFound(path: path) }
    let descriptor = systemOpen(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor < 0 {
      let reason = errno
      // Another process created it between the stat and here: open what is there.
      if reason == EEXIST { return }
      throw StorageError.cannotCreate(path: path, reason: String(cString: strerror(reason)))
    }
    defer { _ = systemClose(descriptor) }
    // The umask may have narrowed the mode, never widened it; set it exactly anyway.
    if fchmod(descriptor, 0o600) != 0 {
      throw StorageError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
  }

  private static func connect(path: String, mode: OpenMode) throws -> Database {
    var flags = SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
    switch mode {
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    case .readWrite: flags |= SQLITE_OPEN_READWRITE
    case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    }
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let error = SQLiteError.current(on: handle, sql: nil)
      sqlite3_close_v2(handle)
      throw StorageError.cannotOpen(path: path, underlying: error)
    }
    return Database(path: path, handle: handle, isReadOnly: mode == .readOnly)
  }

  /// Reads the schema so that a foreign or damaged file fails now, not at the first query.
  /// A header claiming more pages than the file holds makes SQLite report corruption here.
  private func probe() throws {
    do {
      _ = try scalarInt("SELECT count(*) FROM sqlite_schema")
    } catch let error as SQLiteError {
      switch error.primaryCode {
      case SQLITE_NOTADB: throw StorageError.notADatabase(path: path)
      case SQLITE_CORRUPT: throw StorageError.corrupt(path: path, detail: error.message)
      default: throw StorageError.cannotOpen(path: path, underlying: error)
      }
    }
  }
}
