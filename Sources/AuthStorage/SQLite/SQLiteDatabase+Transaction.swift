/// When a transaction takes its locks.
public enum SQLiteTransactionKind: Sendable {
  /// Takes the write lock at BEGIN, so a writer never fails half-way on a lock upgrade.
  case immediate
  /// Takes a read snapshot at the first read; for work that only reads.
  case deferred
}

/// The statements that open and close a transaction.
enum TransactionStep {
  case beginDeferred, beginImmediate, commit

  /// The statement text.
  var sql: String {
    switch self {
    case .beginDeferred: "BEGIN DEFERRED"
    case .beginImmediate: "BEGIN IMMEDIATE"
    case .commit: "COMMIT"
    }
  }
}

extension SQLiteDatabase {
  /// Runs `body` in one transaction: commits when it returns, rolls back and rethrows when it throws.
  @discardableResult
  public func transaction<T>(
    _ kind: SQLiteTransactionKind, _ body: () throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    try begin(kind)
    let result: T
    do {
      result = try body()
      try run(.commit)
    } catch {
      rollbackQuietly()
      throw error
    }
    return result
  }

  /// Opens a transaction of `kind`; the caller commits (`commit()`) or rolls back
  /// (`rollbackQuietly()`). For work whose own error is not the adapter's.
  func begin(_ kind: SQLiteTransactionKind) throws(SQLiteError) {
    try run(kind == .immediate ? .beginImmediate : .beginDeferred)
  }

  /// Commits the open transaction.
  func commit() throws(SQLiteError) {
    try run(.commit)
  }

  func rollbackQuietly() {
    // The body's error is the one worth reporting; a failed rollback (already ended) adds nothing.
    _ = try? execute("ROLLBACK")
  }
}
