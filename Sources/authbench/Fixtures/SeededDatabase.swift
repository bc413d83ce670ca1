import AuthCore
import AuthStorage
import CBaseline
import Foundation

/// A database file with benchmark users and sessions, made by the storage layer's
/// migrator and filled through the C baseline (fast, and with the storage layer's SQL).
struct SeededDatabase {
  /// The file.
  let path: String
  /// Users 1…`users`, named by `BenchNames.user`.
  let users: Int
  /// Sessions 0..<`sessions`, with tokens `BenchTokens.token(i)`.
  let sessions: Int
  /// When the sessions were created and last used.
  let time: Date

  /// The time sessions expire: a week after `time`, as the idle limit sets it.
  var expiry: Date { time.addingTimeInterval(7 * 86_400) }

  /// Creates and fills a new file.
  static func make(
    at path: String, users: Int, sessions: Int, passwordHash: String, time: Date = Date()
  ) throws -> SeededDatabase {
    // The storage layer creates the file and its schema, exactly as authcli would.
    _ = try SQLiteAuthStore.open(path: path)
    let connection = try BaselineConnection(path: path, isFile: true)
    // Filling is set-up, not measured: a large cache makes building big indexes quicker.
    try connection.execute("PRAGMA cache_size = -262144")
    let milliseconds = Int64((time.timeIntervalSince1970 * 1000).rounded())
    let expires = milliseconds + 7 * 86_400_000
    try connection.insertUsers(
      first: 1, count: users, passwordHash: passwordHash, timeMilliseconds: milliseconds)
    var inserted = 0
    while inserted < sessions {
      // Chunks keep the WAL of a multi-million-row fill from growing past what is needed.
      let chunk = min(500_000, sessions - inserted)
      try connection.insertSessions(
        first: inserted, count: chunk, userCount: users, timeMilliseconds: milliseconds,
        expiresMilliseconds: expires)
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      inserted += chunk
    }
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return SeededDatabase(
      path: path, users: users, sessions: sessions,
      time: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
  }

  /// A store of the storage layer on this file.
  func openStore() throws -> SQLiteAuthStore {
    try SQLiteAuthStore.open(path: path)
  }

  /// A store of the storage layer on a private in-memory copy of this file.
  func openMemoryStore() throws -> SQLiteAuthStore {
    let store = try SQLiteAuthStore.inMemory()
    let quoted = path.replacingOccurrences(of: "'", with: "''")
    try store.withDatabase { database in
      try database.executeScript(
        """
        ATTACH DATABASE '\(quoted)' AS seed;
        INSERT INTO main.users SELECT * FROM seed.users;
        INSERT INTO main.sessions SELECT * FROM seed.sessions;
        DETACH DATABASE seed;
        """)
    }
    return store
  }

  /// A C baseline connection on this file.
  func openBaseline(
    settings: BaselineConnection.Settings = .storageLayer
  ) throws -> BaselineConnection {
    try BaselineConnection(path: path, isFile: true, settings: settings)
  }

  /// A C baseline connection on a private in-memory copy of this file.
  func openMemoryBaseline() throws -> BaselineConnection {
    let connection = try BaselineConnection(path: ":memory:", isFile: false)
    try connection.copyDatabase(from: path)
    try connection.execute(StorageSQL.connectionPragmas)
    return connection
  }

  /// The token hashes of `indexes`, as storage keys them and packed for C.
  static func hashes(
    of indexes: [Int], using tokens: any TokenSource
  ) throws -> (
    swift: [TokenHash], packed: [UInt8]
  ) {
    var swift: [TokenHash] = []
    var packed: [UInt8] = []
    swift.reserveCapacity(indexes.count)
    packed.reserveCapacity(indexes.count * 32)
    for index in indexes {
      guard let hash = tokens.hash(BenchTokens.token(index)) else {
        throw BenchError(description: "a benchmark token does not hash")
      }
      swift.append(hash)
      packed += hash.rawValue
    }
    return (swift, packed)
  }
}
