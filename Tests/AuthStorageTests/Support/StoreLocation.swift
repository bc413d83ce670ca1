import AuthCore
import AuthPostgres
import AuthStorage
import AuthStoreConformance
import Foundation
import PostgresTestSupport

/// Where a store under test lives: one body of tests runs on SQLite in memory, SQLite on a
/// file and PostgreSQL (a fresh schema on the test server).
enum StoreLocation: String, CaseIterable, Sendable {
  case memory
  case file
  case postgres

  /// Every location this run covers: PostgreSQL when a server was given, and always under
  /// CI, where a missing server fails those cases.
  static var allCases: [StoreLocation] {
    TestPostgres.shouldRun ? [.memory, .file, .postgres] : [.memory, .file]
  }

  /// The locations whose data outlive the store that wrote them.
  static var persistent: [StoreLocation] { allCases.filter { $0 != .memory } }
}

/// Opens a store at a location and reopens it, to prove what persists: the database the
/// store contract's checks run on.
final class StoreHarness: ContractDatabase {
  let location: StoreLocation
  let folder: TemporaryFolder
  private let postgres: PostgresTarget?
  /// The schema the PostgreSQL store uses, for tests that open their own connections.
  var postgresTarget: PostgresTarget? { postgres }
  private(set) var store: any AuthStore

  var path: String {
    location == .memory ? SQLiteDatabase.inMemoryPath : folder.path("auth.sqlite")
  }

  init(_ location: StoreLocation) throws {
    self.location = location
    folder = try TemporaryFolder()
    switch location {
    case .memory, .file:
      postgres = nil
      let path = location == .memory ? SQLiteDatabase.inMemoryPath : folder.path("auth.sqlite")
      store = try SQLiteAuthStore.open(path: path)
    case .postgres:
      let target = try TestPostgres.freshSchema()
      postgres = target
      store = try PostgresAuthStore.open(target)
    }
  }

  /// Another store on the same database, as a second process would have.
  func secondStore() throws -> any AuthStore {
    switch location {
    case .memory: store
    case .file: try SQLiteAuthStore.open(path: path)
    case .postgres: try PostgresAuthStore.open(try requirePostgres())
    }
  }

  /// For a file or PostgreSQL, closes the store and opens the database again; in memory
  /// there is nothing to reopen, so the same store is kept.
  @discardableResult
  func reopen() throws -> any AuthStore {
    guard location != .memory else { return store }
    store = try secondStore()
    return store
  }

  /// How many rows `table` has, read with the engine's own connection.
  func rowCount(_ table: String) throws -> Int { try Self.rowCount(table, in: store) }

  /// How many rows `table` of `store`'s schema has, read through the store's own connection.
  static func rowCount(_ table: String, in store: any AuthStore) throws -> Int {
    switch store {
    case let sqlite as SQLiteAuthStore:
      return Int(
        try sqlite.withDatabase { try $0.scalarInt("SELECT count(*) FROM \(identifier: table)") })
    case let postgres as PostgresAuthStore:
      return try postgres.withConnection { connection -> Int in
        let count = try connection.queryFirst(
          "SELECT count(*) AS count FROM \(identifier: table)"
        ) { row throws(PostgresError) in try row.decode(Int64.self, "count") }
        return Int(count ?? 0)
      }
    default:
      throw HarnessError.unknownStore
    }
  }

  /// The `username` column of every row `sql` answers, as text (`nil` for NULL), read with
  /// the engine's own connection: what is really stored, not what the store hands back.
  func rawUsernames(_ sql: String) throws -> [String?] {
    switch store {
    case let sqlite as SQLiteAuthStore:
      return try sqlite.withDatabase { database in
        try database.query(SQLiteQuery(sql: sql)) { row throws(SQLiteError) in
          try row.decode(String?.self, "username")
        }
      }
    case let postgres as PostgresAuthStore:
      return try postgres.withConnection { connection in
        try connection.query(PostgresQuery(sql: sql)) { row throws(PostgresError) in
          try row.decode(String?.self, "username")
        }
      }
    default:
      throw HarnessError.unknownStore
    }
  }

  /// Runs one statement without parameters, as an operator's SQL would (the same text must
  /// mean the same on both engines).
  func rawExecute(_ sql: String) throws {
    switch store {
    case let sqlite as SQLiteAuthStore:
      try sqlite.withDatabase { _ = try $0.execute(SQLiteQuery(sql: sql)) }
    case let postgres as PostgresAuthStore:
      try postgres.withConnection { _ = try $0.execute(PostgresQuery(sql: sql)) }
    default:
      throw HarnessError.unknownStore
    }
  }

  /// Deletes a user row directly, as an operator's SQL would, to see what the schema does.
  func deleteUserRow(_ id: UserID) throws {
    switch store {
    case let sqlite as SQLiteAuthStore:
      try sqlite.withDatabase {
        _ = try $0.execute("DELETE FROM users WHERE id = \(id.rawValue)")
      }
    case let postgres as PostgresAuthStore:
      try postgres.withConnection {
        _ = try $0.execute("DELETE FROM users WHERE id = \(id.rawValue)")
      }
    default:
      throw HarnessError.unknownStore
    }
  }

  /// Whether `error` is the engine's foreign-key violation.
  static func isForeignKeyViolation(_ error: any Error) -> Bool {
    // The engine's error arrives in the port's words: an unexpected failure whose message
    // is the engine's own ("FOREIGN KEY constraint failed", "violates foreign key
    // constraint").
    guard case .store(.failed(let failure))? = error as? AuthError else { return false }
    return failure.kind == .unexpected && failure.message.lowercased().contains("foreign key")
  }

  private func requirePostgres() throws -> PostgresTarget {
    guard let postgres else { throw HarnessError.unknownStore }
    return postgres
  }
}

/// A harness used outside what it was made for.
enum HarnessError: Error {
  case unknownStore
}
