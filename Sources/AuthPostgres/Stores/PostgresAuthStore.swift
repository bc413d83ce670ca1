import AuthCore
import AuthDatabase
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The PostgreSQL adapter of `AuthStore`: one connection, guarded by a mutex.
///
/// - `write` runs the work in a SERIALIZABLE transaction. A serialization failure or a
///   deadlock (SQLSTATE 40001, 40P01) rolls it back and runs the work again, up to
///   `writeAttempts` times with a short random pause between; then `StoreError.busy`.
///   So the work may run more than once and must only act through the context (the use
///   cases' work does).
/// - `read` runs work that issues one statement as that statement alone (with the search
///   path pinned for it), which is one consistent snapshot in one round trip (a session
///   check). When the work asks for a
///   second statement it starts again inside a REPEATABLE READ, READ ONLY transaction,
///   so reads with several statements still see one snapshot.
/// - A connection that broke (server restarted) fails the work in flight with
///   `PostgresError.connectionLost` (thrown as `StoreError.failed`, see
///   `StoreError.init(_:)`) and is reopened at the next unit of work.
public final class PostgresAuthStore: AuthStore {
  /// Serialises every use of `connection`; libpq connections are not thread-safe.
  private let lock = Mutex(())
  // Safe although `PostgresConnection` is not Sendable: the store takes it by `sending`, so
  // no one else holds it, and it is used only inside `lock.withLock`, never concurrently.
  // (A `Mutex<PostgresConnection>` cannot lend it to the caller's non-Sendable closure.)
  private nonisolated(unsafe) let connection: PostgresConnection
  /// How many times a write runs before a serialization failure becomes `busy`.
  public let writeAttempts: Int
  /// Where the connection arrived when the store was opened.
  public let endpoint: PostgresEndpoint
  /// Advisory locks on the same database, which every process using it takes.
  public let checkTurns: any CheckTurns

  /// Wraps an open, migrated connection; the store owns it from now on. Not public: a store
  /// over a database that was never migrated would fail at its first query, so callers get
  /// stores only from `open(_:)`.
  init(connection: sending PostgresConnection, target: PostgresTarget, writeAttempts: Int = 12) {
    self.endpoint = connection.endpoint
    self.checkTurns = PostgresCheckTurns(target: target)
    self.connection = connection
    self.writeAttempts = max(writeAttempts, 1)
  }

  /// Connects and applies pending migrations, so the store always has the schema the use
  /// cases expect (a schema newer than `migrator` knows is refused before anything is
  /// written).
  /// `writeAttempts` is how many times a write runs before a serialization failure becomes
  /// `busy`. `statements` is `.unnamed` unless the process is long-lived and its connection
  /// direct (`PostgresStatementMode`). With `creatingTables` false, a schema where nothing
  /// was ever migrated is refused (`PostgresError.notMigrated`) rather than given the tables.
  /// `appMigrations` are an app's own, applied after authcli's, each in the schema named
  /// after its namespace (`AppMigrations`).
  public static func open(
    _ target: PostgresTarget, writeAttempts: Int = 12,
    migrator: PostgresMigrator = PostgresMigrator(), appMigrations: [AppMigrations] = [],
    now: Date = Date(), statements: PostgresStatementMode = .unnamed,
    creatingTables: Bool = true
  ) throws -> PostgresAuthStore {
    let connection = try PostgresConnection.connect(target, statements: statements)
    try migrator.migrate(connection, at: now, creatingTables: creatingTables)
    for app in appMigrations { try migrator.migrate(connection, app: app, at: now) }
    return PostgresAuthStore(
      connection: connection, target: target, writeAttempts: writeAttempts)
  }

  /// Runs read-only work as one snapshot (see the type's notes).
  public func read<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try lock.withLock { _ throws(AuthError) in
      try reconnectIfBroken()
      let single = PostgresStoreContext(connection: connection, singleStatement: true)
      do {
        let result = try work(single)
        if !single.neededTransaction { return result }
      } catch {
        guard single.neededTransaction else { throw AuthError(unitOfWork: error) }
      }
      // More than one statement: start again where they all see one snapshot.
      switch try inTransaction("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", work) {
      case .done(let result): return result
      case .retry(let failure): throw .store(StoreError(failure))
      }
    }
  }

  /// Runs work that writes in one SERIALIZABLE transaction, retried on serialization
  /// failures and deadlocks, then `StoreError.busy`.
  public func write<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    var attempt = 1
    while true {
      let outcome = try lock.withLock { _ throws(AuthError) in
        try reconnectIfBroken()
        return try inTransaction("BEGIN ISOLATION LEVEL SERIALIZABLE", work)
      }
      if case .done(let result) = outcome { return result }
      guard attempt < writeAttempts else { throw .store(.busy) }
      // Random, growing pauses, so that the transactions that collided do not collide again.
      let ceiling = min(1 << attempt, 64)
      do {
        try await Task.sleep(for: .microseconds(Int.random(in: 250...(ceiling * 1000))))
      } catch {
        // Cancelled while waiting: nothing was written, as when the attempts run out.
        throw .store(.busy)
      }
      attempt += 1
    }
  }

  /// The store's own identity (`NameHash.storeIdentity`), the same on every server that
  /// holds it (a promoted standby, another URI reaching it): what names its session and
  /// device-cookie files, so that a failover keeps everyone signed in. With it, in the same
  /// statement (one round trip less for every process that opens the store), the raised
  /// sign-in work the hasher is made with (`raisedSignInWork()`), `nil` at the default.
  public func identityAndSignInWork() throws -> (identity: String, raisedSignInWork: Int?) {
    try withConnection { connection in
      let found = try connection.queryFirst(
        """
        SELECT k.key, (SELECT w.work FROM sign_in_work w WHERE w.id = 1) AS work
        FROM secret_keys k WHERE k.name = 'name_hash'
        """
      ) { row throws(PostgresError) in
        (try row.decode([UInt8].self, "key"), try row.decode(Int?.self, "work"))
      }
      guard let found, let identity = NameHash.storeIdentity(key: found.0) else {
        throw PostgresError.unexpectedValue(column: "secret_keys.key")
      }
      return (identity, found.1)
    }
  }

  /// Runs `work` with the connection itself, under the lock (for tools such as the inspector).
  public func withConnection<T>(_ work: (PostgresConnection) throws -> T) throws -> T {
    try lock.withLock { _ in
      try connection.reconnectIfBroken()
      return try work(connection)
    }
  }

  /// How a transaction ended: with the work's result, or rolled back by a serialization
  /// failure or deadlock, which running the work again may get past.
  private enum Outcome<T: Sendable>: Sendable {
    case done(T)
    case retry(PostgresError)
  }

  private func reconnectIfBroken() throws(AuthError) {
    do {
      try connection.reconnectIfBroken()
    } catch {
      throw .store(StoreError(error))
    }
  }

  private func inTransaction<T: Sendable, E: Error>(
    _ begin: String, _ work: (any AuthStoreContext) throws(E) -> T
  ) throws(AuthError) -> Outcome<T> {
    let context = PostgresStoreContext(connection: connection, singleStatement: false)
    do throws(PostgresError) {
      try connection.begin(begin)
    } catch {
      throw .store(StoreError(error))
    }
    let result: T
    do {
      result = try work(context)
    } catch {
      rollback()
      // A statement's serialization failure reaches here as the port's error; the engine's
      // own, which the context kept, asks for another run.
      if let failure = context.retryableFailure { return .retry(failure) }
      throw AuthError(unitOfWork: error)
    }
    do throws(PostgresError) {
      try connection.executeScript("COMMIT")
    } catch {
      rollback()
      if error.isRetryable { return .retry(error) }
      throw .store(StoreError(error))
    }
    return .done(result)
  }

  /// After a failed COMMIT there is no transaction left and this only warns; on a lost
  /// connection it fails too, and the server has rolled back already.
  private func rollback() {
    if connection.isOpen { try? connection.executeScript("ROLLBACK") }
  }
}

extension PostgresAuthStore {
  /// The raised sign-in work, read outside the use cases: the composition root makes the
  /// hasher from it before any use case runs.
  public func raisedSignInWork() throws -> Int? {
    try withConnection { connection in
      try connection.queryFirst(PostgresStoreContext.raisedSignInWorkQuery) {
        row throws(PostgresError) in try row.decode(Int.self, "work")
      }
    }
  }
}
