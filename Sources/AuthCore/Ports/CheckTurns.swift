import Synchronization

/// Turns that the judged checks of one throttle key take one at a time, across every process
/// that uses the same store, so that a check reads the count the check before it left.
///
/// What the use cases rely on: while `withTurn` runs its work, no other holder of the same
/// key runs its own (two keys may share a turn, which only makes them wait for each other);
/// a turn whose holder ends, however it ends (its process killed, its connection lost), is
/// free again at once, without anything written; and the wait is bounded.
public protocol CheckTurns: Sendable {
  /// Runs `work` while holding `key`'s turn, after waiting for it at most `patience`. Past
  /// that wait it throws `AuthError.store(.busy)` and runs nothing.
  func withTurn<T: Sendable>(
    for key: String, waitingAtMost patience: Duration,
    _ work: () async throws(AuthError) -> T
  ) async throws(AuthError) -> T
}

/// Turns held in this process only: for a store no other process can open (an in-memory
/// database, a dictionary), and for one process's share of a store's turns.
public final class InProcessCheckTurns: CheckTurns {
  /// The keys whose turn is held now.
  private let held = Mutex(Set<String>())

  /// A table with no turn held.
  public init() {}

  /// Runs `work` holding `key`'s turn in this process (see `CheckTurns`).
  public func withTurn<T: Sendable>(
    for key: String, waitingAtMost patience: Duration,
    _ work: () async throws(AuthError) -> T
  ) async throws(AuthError) -> T {
    try await Self.waitFor(patience) { held.withLock { $0.insert(key).inserted } }
    defer { _ = held.withLock { $0.remove(key) } }
    return try await work()
  }

  /// Calls `taken` until it answers true, pausing a little between calls, for at most
  /// `patience`; then throws `busy`. A turn lasts one password verify, so a short pause
  /// loses little and needs nothing to wake a waiter when a turn ends in another process.
  public static func waitFor(
    _ patience: Duration, _ taken: () throws(AuthError) -> Bool
  ) async throws(AuthError) {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: patience)
    while try !taken() {
      guard clock.now < deadline else { throw .store(.busy) }
      do {
        try await Task.sleep(for: .milliseconds(Int.random(in: 2...8)))
      } catch {
        // Cancelled while waiting: nothing was judged, as when the wait runs out.
        throw .store(.busy)
      }
    }
  }
}
