import CBaseline

/// A failure while setting up or running the benchmark.
struct BenchError: Error, CustomStringConvertible {
  /// What went wrong, for people.
  let description: String
}

/// A connection of the C baseline, closed when released.
final class BaselineConnection {
  /// The C handle.
  let raw: OpaquePointer

  /// How a baseline connection is configured.
  enum Settings {
    /// The storage layer's pragmas, so both sides run on identically configured connections.
    case storageLayer
    /// None at all: SQLite's defaults (page cache of 2 MiB, no memory map).
    case sqliteDefaults
  }

  /// Opens `path` (or ":memory:") and applies the storage layer's pragmas, unless told to
  /// keep SQLite's defaults.
  init(path: String, isFile: Bool, settings: Settings = .storageLayer) throws {
    guard let raw = cb_open(path) else { throw BenchError(description: "C: cannot open \(path)") }
    self.raw = raw
    guard settings == .storageLayer else { return }
    try execute(StorageSQL.connectionPragmas)
    if isFile { try execute(StorageSQL.filePragmas) }
  }

  deinit { cb_close(raw) }

  /// Runs statements without results.
  func execute(_ sql: String) throws {
    try check(cb_exec(raw, sql), "exec")
  }

  /// Copies the schema of the database at `path` into this empty one.
  func copySchema(from path: String) throws {
    try check(cb_copy_schema(raw, path), "copy schema")
  }

  /// Copies the whole database at `path` into this one.
  func copyDatabase(from path: String) throws {
    try check(cb_copy_database(raw, path), "copy database")
  }

  /// Inserts users named `user0000001`… in one transaction, with the storage layer's SQL.
  func insertUsers(first: Int, count: Int, passwordHash: String, timeMilliseconds: Int64) throws {
    let code = cb_bulk_insert_users(
      raw, StorageSQL.insertUser, StorageSQL.insertUserPattern, BenchNames.userPrefix,
      Int64(first), Int64(count), passwordHash, timeMilliseconds)
    try check(code, "insert users")
  }

  /// Inserts sessions `first..<first+count` spread over users 1…`userCount`, in one transaction.
  func insertSessions(
    first: Int, count: Int, userCount: Int, timeMilliseconds: Int64, expiresMilliseconds: Int64
  ) throws {
    let code = cb_bulk_insert_sessions(
      raw, StorageSQL.insertSession, StorageSQL.insertSessionPattern, Int64(first), Int64(count),
      1, Int64(userCount), BenchTokens.seed, CB_TOKEN_HASH_BLAKE2B_OF_BYTES, timeMilliseconds,
      expiresMilliseconds)
    try check(code, "insert sessions")
  }

  private func check(_ code: Int32, _ what: String) throws {
    guard code == 0 else {
      throw BenchError(
        description: "C: \(what) failed (\(code)): \(String(cString: cb_errmsg(raw)))")
    }
  }
}

/// The session check of the C baseline: one statement, prepared once.
final class BaselineLookup {
  private let raw: OpaquePointer
  /// Keeps the connection open as long as the statement lives.
  private let connection: BaselineConnection

  /// Prepares the storage layer's session lookup on `connection`.
  init(on connection: BaselineConnection) throws {
    guard let raw = cb_lookup_prepare(connection.raw, StorageSQL.sessionLookup) else {
      throw BenchError(description: "C: cannot prepare the session lookup")
    }
    self.raw = raw
    self.connection = connection
  }

  deinit { cb_lookup_free(raw) }

  /// Looks up every 32-byte hash in `hashes` (packed); returns the sum of the row checksums.
  func lookUp(hashes: [UInt8]) throws -> Int64 {
    try hashes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var sum: Int64 = 0
      for offset in stride(from: 0, to: buffer.count, by: 32) {
        let found = cb_lookup_by_hash(raw, base + offset, 32)
        guard found >= 0 else { throw BenchError(description: "C: a benchmark session is missing") }
        sum &+= found
      }
      return sum
    }
  }

  /// Hashes and looks up every token in `tokens` (packed, `BenchTokens.textLength` bytes each).
  func lookUp(tokens: [CChar]) throws -> Int64 {
    try tokens.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var sum: Int64 = 0
      for offset in stride(from: 0, to: buffer.count, by: BenchTokens.textLength) {
        let found = cb_lookup_by_token(
          raw, CB_TOKEN_HASH_BLAKE2B_OF_BYTES, base + offset, BenchTokens.textLength, 32)
        guard found >= 0 else { throw BenchError(description: "C: a benchmark session is missing") }
        sum &+= found
      }
      return sum
    }
  }
}
