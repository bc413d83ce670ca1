import AuthDatabase
import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc

  private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#elseif canImport(Darwin)
  import Darwin

  private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif

extension SQLiteDatabase {
  /// Opens a connection, checks that the file really is a readable database, then
  /// configures it.
  ///
  /// Order matters, because nothing may be written to a file that turns out to be
  /// foreign, damaged, empty, too new or readable by others: first the file is created
  /// whole (0600) if the mode allows and it is missing; then SQLite opens it and the
  /// per-connection pragmas that do not touch the file are set; then the schema is read as
  /// a probe; then the schema version is compared with `newestKnownSchemaVersion`; then an
  /// authcli database others may read is refused; only then, for writable files,
  /// `journal_mode=WAL` and `synchronous=NORMAL`.
  ///
  /// The first open in a process loads the SQLite library; without it, every open throws
  /// `SQLiteError.libraryMissing` before any file is touched.
  public static func open(
    path: String, options: SQLiteOpenOptions = SQLiteOpenOptions()
  ) throws -> SQLiteDatabase {
    let sqlite = try LibSQLite.loaded()
    let isMemory = path == inMemoryPath
    // Held open from the checks until SQLite has opened the same file, so the file the
    // checks judged is the file SQLite uses (compared by device and inode below).
    let checked = isMemory ? nil : try prepareFile(at: path, mode: options.mode, sqlite: sqlite)
    let database: SQLiteDatabase
    do {
      // Closing a descriptor drops every POSIX lock this process holds on the file, SQLite's
      // included, so the checked one is closed before SQLite takes any (it reads nothing at
      // open).
      database = try connect(path: path, mode: options.mode, sqlite: sqlite)
      try checked?.requireSameFile(at: path)
    } catch {
      if let checked { _ = systemClose(checked.descriptor) }
      throw error
    }
    if let checked { _ = systemClose(checked.descriptor) }
    // Before anything else runs on the connection, so not even a pragma below can write.
    if options.writesNothing { try database.executeScript("PRAGMA query_only = ON;") }
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
      if found > newest { throw SQLiteError.schemaTooNew(found: found, newestKnown: newest) }
      // Version 0 is a new database only when it is empty; with tables it belongs to
      // another program, and migrating it would write this schema into that file.
      if found == 0, try database.scalarInt("SELECT count(*) FROM sqlite_schema") > 0 {
        throw SQLiteError.foreignDatabase(path: path)
      }
    }
    if let checked, !options.allowsReadableByOthers {
      try database.refuseIfReadableByOthers(mode: checked.mode)
    }
    if !isMemory && options.mode != .readOnly && !options.writesNothing {
      try database.executeScript(filePragmas)
    }
    // Only now, with the file known to be a database of ours, and its -wal and -shm open.
    if !isMemory { try FileSafety.tightenCompanions(of: path) }
    return database
  }

  /// Set on every writable file connection once the file has passed the checks: WAL with
  /// `synchronous=NORMAL`, and reads through a memory map of the file (up to 2 GiB, SQLite's
  /// own ceiling), so a lookup touches pages in the kernel's cache instead of copying them
  /// into a 2 MiB page cache it would keep missing on a large database (figure 6 of
  /// docs/performance.md). SQLite maps the file read-only, so a stray write cannot reach it.
  public static let filePragmas = """
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA mmap_size = 2147418112;
    """

  /// Opens a private in-memory database with the same pragmas as a file.
  public static func openInMemory(busyTimeoutMilliseconds: Int32 = 5000) throws -> SQLiteDatabase {
    try open(
      path: inMemoryPath,
      options: SQLiteOpenOptions(
        mode: .readWriteCreate, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    )
  }

  /// Refuses symbolic links, directories, special files, empty files, files of another
  /// user or writable by others, folders of the same kinds, and missing files the mode may
  /// not create; creates a missing file when the mode allows. Returns the checked file,
  /// still open.
  private static func prepareFile(
    at path: String, mode: SQLiteOpenMode, sqlite: LibSQLite
  ) throws -> CheckedFile {
    if let checked = try CheckedFile.open(path) { return checked }
    guard mode == .readWriteCreate else { throw SQLiteError.notFound(path: path) }
    try FileSafety.checkFolder(of: path)
    try createFile(at: path, sqlite: sqlite)
    // Whether this process made it or another won the race at the link, the file now at
    // the path is judged like any other (a link planted meanwhile is refused here).
    guard let checked = try CheckedFile.open(path) else { throw SQLiteError.notFound(path: path) }
    return checked
  }

  /// Creates a new database file that is whole from the moment it appears at `path`.
  ///
  /// `PrivateFileCreation` builds it under a private temporary name beside `path` with mode
  /// 0600 (SQLite copies the database file's mode to its -wal and -shm files, so they are
  /// never wider); here it gets its first page (the header, with authcli's application id)
  /// before it is hard-linked into place, which fails rather than replaces. Two processes
  /// creating the same database race only at the link; the loser opens the winner's file.
  private static func createFile(at path: String, sqlite: LibSQLite) throws {
    do {
      try PrivateFileCreation.create(at: path) { temporary in
        try writeFirstPage(of: temporary, reportedAs: path, sqlite: sqlite)
      }
    } catch let failure as PrivateFileCreation.Failure {
      throw SQLiteError.cannotCreate(path: path, reason: failure.reason)
    }
  }

  /// Writes page 1 of an empty database file by setting its application id, in
  /// rollback-journal mode so the page lands in the file itself.
  private static func writeFirstPage(
    of temporary: String, reportedAs path: String, sqlite: LibSQLite
  ) throws {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX
    var code = sqlite.openV2(temporary, &handle, flags, nil)
    if code == SQLITE_OK {
      code = sqlite.exec(handle, "PRAGMA application_id = \(applicationID);", nil, nil, nil)
    }
    defer { _ = sqlite.closeV2(handle) }
    guard code == SQLITE_OK else {
      throw SQLiteError.cannotCreate(
        path: path, reason: .described(sqlite.name(ofCode: code)))
    }
  }

  /// The application id in the header of every database authcli creates ("AUTH").
  public static let applicationID: Int32 = 0x4155_5448

  private static func connect(
    path: String, mode: SQLiteOpenMode, sqlite: LibSQLite
  ) throws -> SQLiteDatabase {
    var flags = SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
    switch mode {
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    // Never SQLITE_OPEN_CREATE: a file appears only through `createFile` (0600, whole),
    // and NOFOLLOW makes SQLite itself refuse a symbolic link put there after the checks.
    case .readWrite, .readWriteCreate: flags |= SQLITE_OPEN_READWRITE
    }
    flags |= path == inMemoryPath ? SQLITE_OPEN_CREATE : SQLITE_OPEN_NOFOLLOW
    var handle: OpaquePointer?
    let code = sqlite.openV2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let error = SQLiteEngineError.current(on: handle, sqlite: sqlite, sql: nil)
      _ = sqlite.closeV2(handle)
      throw SQLiteError.cannotOpen(path: path, underlying: error)
    }
    return SQLiteDatabase(
      path: path, handle: handle, sqlite: sqlite, isReadOnly: mode == .readOnly)
  }

  /// Refuses an authcli database (one with its application id or a schema version) that
  /// group or others may read, as OpenSSH refuses such a private key: it holds password
  /// hashes and the name-hash key, and using it as it is would keep them on show. Refused,
  /// not tightened, so that the owner learns they were exposed. Judged after the content,
  /// so that a text file or another program's database is named as what it is; nothing
  /// has been written by then.
  private func refuseIfReadableByOthers(mode: mode_t) throws {
    guard mode & (S_IRGRP | S_IROTH) != 0 else { return }
    let marked =
      try userVersion() > 0 || scalarInt("PRAGMA application_id") == Int64(Self.applicationID)
    guard marked else { return }
    throw SQLiteError.unsafeFile(path: path, reason: .readableByOthers(mode: UInt32(mode)))
  }

  /// Reads the schema so that a foreign or damaged file fails now, not at the first query.
  /// A header claiming more pages than the file holds makes SQLite report corruption here.
  private func probe() throws(SQLiteError) {
    do throws(SQLiteError) {
      _ = try scalarInt("SELECT count(*) FROM sqlite_schema")
    } catch .engine(let error) {
      switch error.primaryCode {
      case SQLITE_NOTADB: throw SQLiteError.notADatabase(path: path)
      case SQLITE_CORRUPT: throw SQLiteError.corrupt(path: path, detail: error.message)
      default: throw SQLiteError.cannotOpen(path: path, underlying: error)
      }
    } catch {
      throw error
    }
  }
}
