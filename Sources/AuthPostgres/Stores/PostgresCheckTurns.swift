import AuthCore
import AuthDatabase

/// The turns of a PostgreSQL store: a transaction-level advisory lock
/// (`pg_advisory_xact_lock`), held by a transaction left open while the check runs, on a
/// connection of the turn's own.
///
/// Why so:
/// - A transaction's lock ends with its transaction, and the server ends the transaction
///   when the client's connection goes away, so a killed check frees its turn. A
///   session-level lock would be wrong behind a pooler in transaction mode (PgBouncer): the
///   server session outlives the client's transaction and passes to someone else, still
///   holding the lock. The open transaction pins one server connection for the turn's
///   length, a password verify.
/// - Its own connection, because the check writes meanwhile (the count, the audit) in
///   transactions of the store's connection, which must commit while the turn is held.
/// - A waiter tries (`pg_try_advisory_xact_lock`) and, refused, ends its transaction before
///   it pauses and tries again, rather than waiting inside the server: behind a pooler, a
///   waiting transaction would pin a server connection too, and a burst of waiters could
///   take the whole pool, leaving none for the holder's own writes.
/// - The lock's two keys: a constant naming authcli's turns, and 32 bits of the key's hash
///   under the store's name key (`NameHash`), never the key itself, which may be a secret
///   typed as a name and would reach a server log that shows parameters. Two keys on one
///   hash only wait for each other.
final class PostgresCheckTurns: CheckTurns {
  /// Where the turns' connections go: the store's own server and database.
  private let target: PostgresTarget

  /// Turns on the server and database of `target`.
  init(target: PostgresTarget) { self.target = target }

  /// The first key of every turn's lock, so that other programs' advisory locks on the same
  /// database rarely share one with authcli's turns ("authcli" as a number).
  static let lockClass: Int64 = 0x6175_7468

  /// Runs `work` holding `key`'s turn (see the type's notes).
  func withTurn<T: Sendable>(
    for key: String, waitingAtMost patience: Duration,
    _ work: () async throws(AuthError) -> T
  ) async throws(AuthError) -> T {
    let connection: PostgresConnection
    do throws(PostgresError) {
      connection = try PostgresConnection.connect(
        target.connectionString, target: target.displayName)
    } catch {
      throw .store(StoreError(error))
    }
    let lockNumber: Int64
    do throws(PostgresError) {
      let nameKey = try connection.queryFirst(
        "SELECT key FROM secret_keys WHERE name = 'name_hash'"
      ) { row throws(PostgresError) in try row.decode([UInt8].self, "key") }
      guard let nameKey, let hashed = NameHash.hex(of: key, key: nameKey),
        let number = UInt32(hashed.prefix(8), radix: 16)
      else { throw PostgresError.unexpectedValue(column: "secret_keys.key") }
      lockNumber = Int64(Int32(bitPattern: number))
    } catch {
      throw .store(StoreError(error))
    }
    try await InProcessCheckTurns.waitFor(patience) { () throws(AuthError) -> Bool in
      do throws(PostgresError) {
        try connection.begin()
        let taken = try connection.queryFirst(
          """
          SELECT pg_catalog.pg_try_advisory_xact_lock(
            CAST(\(Self.lockClass) AS pg_catalog.int4), CAST(\(lockNumber) AS pg_catalog.int4))
            AS taken
          """
        ) { row throws(PostgresError) in try row.decode(Bool.self, "taken") }
        if taken != true { try connection.executeScript("ROLLBACK") }
        return taken == true
      } catch {
        throw .store(StoreError(error))
      }
    }
    // Nothing was written in the turn's transaction: ending it is what frees the turn, and
    // closing the connection would too, should the rollback fail.
    defer { try? connection.executeScript("ROLLBACK") }
    return try await work()
  }
}
