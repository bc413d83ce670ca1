#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One account as `users export` writes it: what another authcli database needs to take
/// it over with nothing changed. Sessions, throttle counts and device cookies stay behind.
/// A second factor is not exported: its secret is sealed under a key kept outside the
/// database, which the receiving database does not have.
public struct ExportedAccount: Hashable, Sendable {
  /// The canonical username.
  public let username: String
  /// The stored hash as it is (a PHC string, or a kept legacy hash).
  public let passwordHash: String
  /// When the account was created.
  public let createdAt: Date
  /// When it last changed.
  public let updatedAt: Date
  /// The latest sign-in (a sign-up counts), if any.
  public let lastSignInAt: Date?
  /// The operator's lock, when one stands.
  public let lock: AccountLock?
}

/// Reads every account for `users export`, a page at a time, each page in one snapshot.
public struct AccountExportService: Sendable {
  private let store: any AuthStore
  /// Accounts read per transaction, so that no transaction holds a large store for long.
  public static let pageSize = 500

  /// Reads through `store`.
  public init(store: any AuthStore) { self.store = store }

  /// Calls `emit` with each page of accounts in id order, until none is left.
  public func exportAccounts(
    _ emit: ([ExportedAccount]) throws(AuthError) -> Void
  ) async throws(AuthError) {
    var after: UserID? = nil
    while true {
      let start = after
      let page = try await store.read { context throws(AuthError) -> [Row] in
        var rows: [Row] = []
        for record in try context.userRecords(after: start, limit: Self.pageSize) {
          let account = ExportedAccount(
            username: record.user.username, passwordHash: record.passwordHash,
            createdAt: record.user.createdAt, updatedAt: record.user.updatedAt,
            lastSignInAt: try context.latestEventTime(
              of: record.user.id, kinds: [.signInSucceeded, .signUp]),
            lock: record.lock)
          rows.append(Row(id: record.user.id, account: account))
        }
        return rows
      }
      guard let last = page.last else { return }
      try emit(page.map(\.account))
      after = last.id
    }
  }

  /// An account and the id the next page starts after.
  private struct Row: Sendable {
    let id: UserID
    let account: ExportedAccount
  }
}
