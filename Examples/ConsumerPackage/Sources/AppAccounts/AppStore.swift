// The app's store: authcli's SQLite store, with the app's own data beside the accounts (a
// profile per account, in a table of the app's own migrations) and what the app adds around
// each unit of work (here, a count of writes it reports). Every requirement of `AuthStore`
// is forwarded, so the use cases see authcli's store and the contract holds it to theirs.
import AuthCore
import AuthCrypto
import AuthDatabase
import AuthStorage
import Synchronization

/// What the app keeps about an account that authcli does not.
public struct Profile: Sendable, Equatable {
  /// Where the app writes to the account's owner.
  public var email: String
  /// The name the app shows.
  public var displayName: String

  /// A profile with these values.
  public init(email: String, displayName: String) {
    self.email = email
    self.displayName = displayName
  }
}

/// An `AuthStore` of the app's own over a SQLite file or memory.
public final class AppStore: AuthStore {
  private let accounts: SQLiteAuthStore
  private let writeCount = Mutex(0)

  /// Opens (creating and migrating) the app's database at `path`, or a private one in
  /// memory with `SQLiteDatabase.inMemoryPath`.
  public init(path: String) throws {
    accounts = try SQLiteAuthStore.open(path: path, appMigrations: [Self.migrations])
  }

  /// The app's migrations, numbered within its namespace and recorded apart from authcli's,
  /// which run after authcli's own whenever the database is opened. A profile goes with its
  /// account (ON DELETE CASCADE), also when the stock `authcli users delete` deletes it.
  public static let migrations = AppMigrations(
    namespace: "profiles",
    migrations: [
      Migration(
        version: 1, name: "profiles",
        sql: """
          CREATE TABLE profiles (
            user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
            email        TEXT NOT NULL,
            display_name TEXT NOT NULL
          ) STRICT;
          """)
    ])

  /// Keeps `profile` for the account `userID`, in place of the one it had.
  public func save(_ profile: Profile, for userID: UserID) throws {
    try accounts.withDatabase { database in
      _ = try database.execute(
        """
        INSERT INTO profiles (user_id, email, display_name)
        VALUES (\(userID.rawValue), \(profile.email), \(profile.displayName))
        ON CONFLICT (user_id) DO UPDATE
          SET email = excluded.email, display_name = excluded.display_name
        """)
    }
  }

  /// The profile of the account `userID`; `nil` when it has none (or no longer exists).
  public func profile(of userID: UserID) throws -> Profile? {
    try accounts.withDatabase { database in
      try database.queryFirst(
        "SELECT email, display_name FROM profiles WHERE user_id = \(userID.rawValue)"
      ) { row throws(SQLiteError) in
        Profile(
          email: try row.decode(String.self, "email"),
          displayName: try row.decode(String.self, "display_name"))
      }
    }
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
