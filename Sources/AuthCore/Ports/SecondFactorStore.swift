#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether a second factor is only enrolled or already asked for at sign-in.
public enum SecondFactorState: String, Hashable, Sendable, CaseIterable {
  /// Enrolled, waiting for one correct code; sign-in does not ask for it yet.
  case pending
  /// Confirmed; every sign-in asks for a code or a recovery code.
  case enabled
}

/// An account's second factor as stored: the secret only as a box sealed under a key kept
/// outside the database (`SecretSealer`), never in the clear.
public struct StoredSecondFactor: Hashable, Sendable {
  /// The account.
  public let userID: UserID
  /// The TOTP secret, sealed for this account.
  public let sealedSecret: [UInt8]
  /// How codes are computed.
  public let parameters: TOTPParameters
  /// Pending or enabled.
  public let state: SecondFactorState
  /// The last time step whose code was accepted; a code of this step or an earlier one is
  /// refused, so no code is accepted twice.
  public let lastAcceptedStep: UInt64?
  /// When it was enrolled.
  public let createdAt: Date
  /// When it last changed (confirmed, a code accepted).
  public let updatedAt: Date

  /// Describes a stored factor.
  public init(
    userID: UserID, sealedSecret: [UInt8], parameters: TOTPParameters,
    state: SecondFactorState, lastAcceptedStep: UInt64?, createdAt: Date, updatedAt: Date
  ) {
    self.userID = userID
    self.sealedSecret = sealedSecret
    self.parameters = parameters
    self.state = state
    self.lastAcceptedStep = lastAcceptedStep
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// Second factors and their recovery codes, inside a transaction.
///
/// The use cases rely on this: at most one factor per account (a new enrolment replaces
/// the old one and its recovery codes); deleting an account deletes its factor and codes;
/// deleting a factor deletes its codes; a recovery code's hash is deleted by exactly one
/// caller (`deleteRecoveryCode` answers whether this call deleted it), so a code used by
/// two processes at once still works once.
public protocol SecondFactorStore {
  /// The account's factor, pending or enabled, if any.
  func secondFactor(of userID: UserID) throws(AuthError) -> StoredSecondFactor?
  /// Keeps `factor` as the account's only one, replacing any earlier factor and deleting
  /// its recovery codes.
  func replaceSecondFactor(_ factor: StoredSecondFactor) throws(AuthError)
  /// Marks the factor enabled and records the step of the code that confirmed it.
  func enableSecondFactor(of userID: UserID, acceptedStep: UInt64, at time: Date) throws(AuthError)
  /// Records the step of an accepted code.
  func recordAcceptedStep(_ step: UInt64, of userID: UserID, at time: Date) throws(AuthError)
  /// Deletes the account's factor and its recovery codes; answers whether there was one.
  func deleteSecondFactor(of userID: UserID) throws(AuthError) -> Bool
  /// The hashes of the account's unused recovery codes.
  func recoveryCodeHashes(of userID: UserID) throws(AuthError) -> [RecoveryCodeHash]
  /// Replaces the account's recovery codes with these hashes (the old codes stop working).
  func replaceRecoveryCodes(
    _ hashes: [RecoveryCodeHash], of userID: UserID, at time: Date) throws(AuthError)
  /// Deletes one used recovery code; answers whether this call deleted it.
  func deleteRecoveryCode(_ hash: RecoveryCodeHash, of userID: UserID) throws(AuthError) -> Bool
  /// The ids, among `userIDs`, of accounts whose factor is enabled.
  func enabledSecondFactors(among userIDs: [UserID]) throws(AuthError) -> Set<UserID>
}
