import AuthCore
import AuthDatabase
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The SQLite adapter of `AuthStore`: one connection, guarded by a mutex.
///
/// Work runs synchronously on the caller's thread while the lock is held, inside
/// one transaction, with no hop to another thread or actor: a session lookup costs
/// what SQLite costs. Separate processes (or stores) on one file coordinate through
/// SQLite's locks and the busy timeout; a lock held past it surfaces as `StoreError.busy`,
/// and every other failure of the adapter (`SQLiteError`) as `StoreError.failed` (see
/// `StoreError.init(_:)`).
public final class SQLiteAuthStore: AuthStore {
  /// Serialises every use of `database`; SQLite's own mutexes are off (NOMUTEX).
  private let lock = Mutex(())
  // Safe although `SQLiteDatabase` is not Sendable: the store takes it by `sending`, so no one
  // else holds it, and it is read only inside `lock.withLock`, never concurrently (by
  // `lookUp`, `perform`, `context` and `withDatabase`).
  // (A `Mutex<SQLiteDatabase>` cannot lend the connection to the caller's non-Sendable closure.)
  private nonisolated(unsafe) let database: SQLiteDatabase
  /// The file's turns, shared with every process of this file; `nil` in memory.
  private let fileTurns: FileCheckTurns?
  /// The turns of an in-memory database, which nothing else reaches.
  private let memoryTurns = InProcessCheckTurns()

  /// Wraps an open, migrated connection; the store owns it from now on. Not public: a
  /// store over a database that was never migrated would fail at its first query ("no
  /// such table"), so callers get stores only from `open(path:)` and `inMemory()`.
  init(database: sending SQLiteDatabase, fileTurns: FileCheckTurns?) {
    self.database = database
    self.fileTurns = fileTurns
  }

  /// Opens (creating if allowed and missing) the database at `path` and applies pending
  /// migrations, so the store always has the schema the use cases expect.
  ///
  /// A database newer than `migrator` knows, or whose schema alters authcli's objects or
  /// attaches anything to them, is refused before anything is written; an app's own tables
  /// beside them are accepted. `appMigrations` are an app's own, applied after authcli's,
  /// each under its namespace (`AppMigrations`).
  /// Pass `SQLiteDatabase.inMemoryPath` for a private in-memory database.
  public static func open(
    path: String, mode: SQLiteOpenMode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 5000,
    migrator: SQLiteMigrator = SQLiteMigrator(), appMigrations: [AppMigrations] = [],
    now: Date = Date()
  ) throws -> SQLiteAuthStore {
    let options = SQLiteOpenOptions(
      mode: mode, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
      newestKnownSchemaVersion: migrator.newestVersion)
    let database = try SQLiteDatabase.open(path: path, options: options)
    // Before anything is written: a planted trigger would act on the migration's writes too.
    if !database.isInMemory { try migrator.verifySchema(of: database) }
    try migrator.migrate(database, at: now)
    for app in appMigrations { try migrator.migrate(database, app: app, at: now) }
    let fileTurns = database.isInMemory ? nil : try FileCheckTurns.forFile(at: path)
    return SQLiteAuthStore(database: database, fileTurns: fileTurns)
  }

  /// A fresh, fully migrated in-memory store.
  public static func inMemory() throws -> SQLiteAuthStore {
    try open(path: SQLiteDatabase.inMemoryPath)
  }

  /// Runs read-only work in one deferred transaction.
  public func read<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try perform(.deferred, work)
  }

  /// Runs work that issues one statement with no BEGIN or COMMIT around it: SQLite runs a
  /// lone statement in a read transaction of its own, so it reads one snapshot.
  public func lookUp<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try lock.withLock { _ throws(AuthError) in
      do {
        return try work(context)
      } catch {
        throw AuthError(unitOfWork: error)
      }
    }
  }

  /// Runs work that writes in one IMMEDIATE transaction.
  public func write<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try perform(.immediate, work)
  }

  /// The file's turns, shared with every process that opens it, each placed by its key's
  /// hash under the database's name key; this store's own for an in-memory database, which
  /// nothing else reaches.
  public var checkTurns: any CheckTurns {
    guard let fileTurns else { return memoryTurns }
    return KeyedFileTurns(file: fileTurns) { key throws(AuthError) in
      try self.lock.withLock { _ throws(AuthError) in
        let context = SQLiteStoreContext(database: self.database)
        return try context.run { () throws(SQLiteError) in try context.storedName(key) }
      }
    }
  }

  /// Closes the connection, after any unit of work running now; later work throws
  /// `AuthError.store(.failed(_))` ("connection is closed"), and closing again does nothing.
  ///
  /// The last connection to a file to close writes the write-ahead log back into the
  /// database and deletes it, so `<path>-wal` and `<path>-shm` go away with it (while
  /// another process has the file open they stay, for it). A store that is released closes
  /// too, but a top-level `let store` in a program's `main.swift` never is: call this
  /// before the program ends. An in-memory store's data are gone once it is closed.
  public func close() {
    lock.withLock { _ in database.close() }
  }

  /// Runs `work` with the connection itself, under the lock (for tools such as the inspector).
  public func withDatabase<T: Sendable>(_ work: (SQLiteDatabase) throws -> T) throws -> T {
    try lock.withLock { _ in try work(database) }
  }

  /// Runs `work` between BEGIN and COMMIT, and rolls back when it throws.
  private func perform<T: Sendable, E: Error>(
    _ kind: SQLiteTransactionKind, _ work: (any AuthStoreContext) throws(E) -> T
  ) throws(AuthError) -> T {
    try lock.withLock { _ throws(AuthError) in
      let context = SQLiteStoreContext(database: database)
      try context.run { () throws(SQLiteError) in try database.begin(kind) }
      let result: T
      do {
        result = try work(context)
      } catch {
        database.rollbackQuietly()
        throw AuthError(unitOfWork: error)
      }
      do throws(SQLiteError) {
        try database.commit()
      } catch {
        database.rollbackQuietly()
        throw .store(StoreError(error))
      }
      return result
    }
  }

  /// The store operations on the connection, for work inside a transaction; used only
  /// under the lock.
  private var context: any AuthStoreContext { SQLiteStoreContext(database: database) }
}

extension SQLiteAuthStore {
  /// The raised sign-in work, read outside the use cases: the composition root makes the
  /// hasher from it before any use case runs.
  public func raisedSignInWork() throws -> Int? {
    try withDatabase { database in
      try database.queryFirst(SQLiteStoreContext.raisedSignInWorkQuery) {
        row throws(SQLiteError) in try row.decode(Int.self, "work")
      }
    }
  }
}
