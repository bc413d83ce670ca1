import AuthCore
import Synchronization

/// A store that lets "another process" change the database right before the next write
/// transaction begins, to reproduce what can happen between a read and a write.
final class InterleavingStore: AuthStore {
  private let base: any AuthStore
  private let beforeNextWrite = Mutex<
    (@Sendable (any AuthStoreContext) throws(AuthError) -> Void)?
  >(nil)
  private let writesToSkip = Mutex(0)

  init(_ base: any AuthStore) { self.base = base }

  var checkTurns: any CheckTurns { base.checkTurns }

  /// Runs `change` in its own transaction just before the next write begins, or with
  /// `afterWrites`, before the write that follows that many more.
  func interleave(
    afterWrites: Int = 0,
    _ change: @escaping @Sendable (any AuthStoreContext) throws(AuthError) -> Void
  ) {
    writesToSkip.withLock { $0 = afterWrites }
    beforeNextWrite.withLock { $0 = change }
  }

  func read<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try await base.read(work)
  }

  func write<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    let skip = writesToSkip.withLock { left in
      defer { left = max(left - 1, 0) }
      return left > 0
    }
    if !skip,
      let change = beforeNextWrite.withLock({ pending in
        defer { pending = nil }; return pending
      })
    {
      try await base.write { context in try change(context) }
    }
    return try await base.write(work)
  }
}
