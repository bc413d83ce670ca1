// The app's store: authcli's SQLite store, with what the app adds around each unit of work
// (here, a count of writes it reports). Every requirement of `AuthStore` is forwarded, so
// the use cases see authcli's store and the contract holds it to theirs.
import AuthCore
import AuthCrypto
import AuthStorage
import Synchronization

/// An `AuthStore` of the app's own over a SQLite file or memory.
public final class AppStore: AuthStore {
  private let accounts: SQLiteAuthStore
  private let writeCount = Mutex(0)

  /// Opens (creating and migrating) the app's database at `path`, or a private one in
  /// memory with `SQLiteDatabase.inMemoryPath`.
  public init(path: String) throws {
    // The app's own migrations (a namespace of its own beside authcli's, a profile table
    // that references `users`) are registered here, when the database is opened.
    accounts = try SQLiteAuthStore.open(path: path)
  }

  /// How many units of work that write this store has run.
  public var writes: Int { writeCount.withLock { $0 } }

  /// Closes the database; work after it throws.
  public func close() { accounts.close() }

  /// The turns of authcli's store: a lock on the file, shared with every process using it.
  public var checkTurns: any CheckTurns { accounts.checkTurns }

  /// Runs read-only work in one transaction.
  public func read<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try await accounts.read(work)
  }

  /// Runs work of one statement.
  public func lookUp<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try await accounts.lookUp(work)
  }

  /// Runs work in one immediate transaction, and counts it.
  public func write<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    writeCount.withLock { $0 += 1 }
    return try await accounts.write(work)
  }
}

extension AuthServices {
  /// The app's use cases over its store, with authcli's Argon2id hasher and session tokens
  /// (`cost: .minimum` is for tests only: never for real accounts).
  public static func app(
    store: AppStore, cost: Argon2Cost = .interactive
  ) throws -> AuthServices {
    AuthServices(
      store: store, hasher: try Argon2idHasher(cost: cost), tokens: try SodiumTokenSource())
  }
}
