#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One account as `users export` writes it: what another authcli database needs to take
/// it over with nothing changed. Sessions, throttle counts and device cookies stay behind.
/// A second factor goes with its secret still sealed under the key file, so the export
/// alone opens nothing.
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
  /// The second factor, pending or enabled, when there is one.
  public let secondFactor: ExportedSecondFactor?
  /// The first moment the account is refused; `nil` when it never expires.
  public var expiresAt: Date? = nil
  /// Whether its next sign-in must choose a new password.
  public var passwordChangeRequired = false
}

/// A second factor as `users export` writes it: the box as stored, which opens only under
/// the same key file and for the account id it was sealed for, and what the codes need.
/// Recovery codes are not exported: the receiving account makes new ones.
public struct ExportedSecondFactor: Hashable, Sendable {
  /// The sealed TOTP secret, exactly as stored.
  public let sealedSecret: [UInt8]
  /// The id of the exporting store's account, which the box is sealed for; the importing
  /// store seals it anew for its own id.
  public let sealedForID: UserID
  /// How codes are computed.
  public let parameters: TOTPParameters
  /// Pending or enabled.
  public let state: SecondFactorState
  /// The last step whose code was accepted, so no code is accepted twice after the move.
  public let lastAcceptedStep: UInt64?
  /// When it was enrolled.
  public let createdAt: Date
  /// When it last changed.
  public let updatedAt: Date
  /// How many unused recovery codes the account had.
  public let recoveryCodesLeft: Int

  /// Describes an exported factor.
  public init(
    sealedSecret: [UInt8], sealedForID: UserID, parameters: TOTPParameters,
    state: SecondFactorState, lastAcceptedStep: UInt64?, createdAt: Date, updatedAt: Date,
    recoveryCodesLeft: Int
  ) {
    self.sealedSecret = sealedSecret
    self.sealedForID = sealedForID
    self.parameters = parameters
    self.state = state
    self.lastAcceptedStep = lastAcceptedStep
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.recoveryCodesLeft = recoveryCodesLeft
  }
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
          var account = ExportedAccount(
            username: record.user.username, passwordHash: record.passwordHash,
            createdAt: record.user.createdAt, updatedAt: record.user.updatedAt,
            lastSignInAt: try context.latestEventTime(
              of: record.user.id, kinds: [.signInSucceeded, .signUp]),
            lock: record.lock, secondFactor: try Self.secondFactor(of: record.user.id, in: context))
          account.expiresAt = record.expiresAt
          account.passwordChangeRequired = record.passwordChangeRequired
          rows.append(Row(id: record.user.id, account: account))
        }
        return rows
      }
      guard let last = page.last else { return }
      try emit(page.map(\.account))
      after = last.id
    }
  }

  private static func secondFactor(
    of userID: UserID, in context: any AuthStoreContext
  ) throws(AuthError) -> ExportedSecondFactor? {
    guard let factor = try context.secondFactor(of: userID) else { return nil }
    return ExportedSecondFactor(
      sealedSecret: factor.sealedSecret, sealedForID: userID, parameters: factor.parameters,
      state: factor.state, lastAcceptedStep: factor.lastAcceptedStep,
      createdAt: factor.createdAt, updatedAt: factor.updatedAt,
      recoveryCodesLeft: try context.recoveryCodeHashes(of: userID).count)
  }

  /// An account and the id the next page starts after.
  private struct Row: Sendable {
    let id: UserID
    let account: ExportedAccount
  }
}
