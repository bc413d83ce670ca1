#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an operator typed to create an account (`users add`): no confirmation, since a
/// script has nothing to confirm and a prompt confirms before the request is made.
public struct NewAccountRequest: Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The username as typed.
  public var username: String
  /// The password as typed.
  public var password: String
  /// Bundles the two fields.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
  /// The username, and the password redacted.
  public var description: String {
    "NewAccountRequest(username: \(String(reflecting: username)), password: redacted)"
  }
  /// Same as `description`.
  public var debugDescription: String { description }
}

/// The per-field checks of a new account: the sign-up rules, without a confirmation.
public typealias NewAccountValidation = UsernamePasswordValidation

/// The answer to `addAccount`.
public enum NewAccountResult: Hashable, Sendable {
  /// The account exists; no session was started.
  case added(User)
  /// At least one field failed; every field's result is given.
  case invalid(NewAccountValidation)
}

/// Everything an operator may know about an account; never its hash.
public struct AccountDetails: Hashable, Sendable {
  /// The account.
  public let user: User
  /// The operator's lock, when one stands.
  public let lock: AccountLock?
  /// Failed sign-ins counted since the last success (forgotten ones count as zero).
  public let failedAttempts: Int
  /// Until when the sign-in throttle refuses the name, when it does now.
  public let throttledUntil: Date?
  /// The latest sign-in (a sign-up counts as the first), if any.
  public let lastSignInAt: Date?
  /// The sessions not yet expired, newest first.
  public let activeSessions: [Session]
  /// The scheme of the stored hash; one other than `argon2id` was kept from another system
  /// and is replaced at the next sign-in. `nil` for a hash no scheme here reads.
  public var passwordScheme: LegacyPasswordHash.Scheme? = nil
  /// What a verify of the stored hash costs (Argon2id KiB × passes, `LegacyPasswordHash.work`);
  /// `nil` for a hash no scheme here reads.
  public var passwordWork: Int? = nil
  /// What every check of a password on this store costs: its sign-in work.
  public var signInWork: Int? = nil
  /// The groups the account is in, by name.
  public var groups: [GroupName] = []
  /// The first moment the account is refused (`users expire`); `nil` when it never expires.
  public var expiresAt: Date? = nil
  /// Whether the next sign-in must choose a new password before a session starts.
  public var passwordChangeRequired = false

  /// Assembles the details.
  public init(
    user: User, lock: AccountLock?, failedAttempts: Int, throttledUntil: Date?,
    lastSignInAt: Date?, activeSessions: [Session]
  ) {
    self.user = user
    self.lock = lock
    self.failedAttempts = failedAttempts
    self.throttledUntil = throttledUntil
    self.lastSignInAt = lastSignInAt
    self.activeSessions = activeSessions
  }
}

/// What an operator's change did to an account.
public struct AccountChange: Hashable, Sendable {
  /// The account as it was before the change (for a deletion, the account that is gone).
  public let user: User
  /// How many sessions the change ended.
  public let endedSessions: Int
  /// Whether the account was locked before the change.
  public let wasLocked: Bool

  /// Describes a change.
  public init(user: User, endedSessions: Int, wasLocked: Bool) {
    self.user = user
    self.endedSessions = endedSessions
    self.wasLocked = wasLocked
  }
}

/// What `requireNewPassword` did to an account.
public struct PasswordChangeDemand: Hashable, Sendable {
  /// The account.
  public let user: User
  /// Whether a new password was asked for already.
  public let wasRequired: Bool

  /// Describes the change.
  public init(user: User, wasRequired: Bool) {
    self.user = user
    self.wasRequired = wasRequired
  }
}

/// Why an operator's request was refused, beyond field validation (thrown as
/// `AuthError.administration`).
public enum AdministrationError: Error, Hashable, Sendable {
  /// No account has this name (as typed; it may not even be a valid username).
  case noSuchAccount(username: String)
  /// A lock reason longer than `AccountLock.maximumReasonLength` characters.
  case lockReasonTooLong(maximum: Int)
  /// No group has this name (as typed): it has no members.
  case noSuchGroup(name: String)
  /// A group name that breaks the group name rules (`GroupName`), with the rule's message.
  case invalidGroupName(name: String, message: String)
}

/// The operator's verbs on accounts (`authcli users …`). Whoever can open the database may
/// call them, as with `htpasswd` and `manage.py`: there is no sign-in behind them.
///
/// Every change is one write transaction with its audit event. A name that breaks the
/// username rules is "no such account" (no account can have it).
public protocol AccountAdministrationUseCase: Sendable {
  /// Checks the fields as `addAccount` will; pure and cheap.
  func validate(_ request: NewAccountRequest) -> NewAccountValidation
  /// Creates an account with the sign-up rules, without starting a session.
  func addAccount(_ request: NewAccountRequest) async throws(AuthError) -> NewAccountResult
  /// The account's details. Throws `AuthError.administration(.noSuchAccount)`.
  func account(named username: String) async throws(AuthError) -> AccountDetails
  /// Deletes the account and ends its sessions; the name may be signed up again.
  func deleteAccount(named username: String) async throws(AuthError) -> AccountChange
  /// Locks the account (or replaces the reason of a standing lock) and ends its sessions.
  /// Throws `AuthError.administration(.lockReasonTooLong)` for an over-long reason.
  func lockAccount(named username: String, reason: String) async throws(AuthError) -> AccountChange
  /// Sets the first moment the account is refused, or with `nil` lets it never expire.
  /// From then on every sign-in and password check is refused as a locked account's is;
  /// an expiry that has already come also ends the account's sessions.
  func setExpiry(
    named username: String, to expiresAt: Date?
  ) async throws(AuthError)
    -> AccountChange
  /// Lifts the operator's lock, if any, and clears the sign-in throttle of the name.
  func unlockAccount(named username: String) async throws(AuthError) -> AccountChange
  /// Asks the account for a new password at its next sign-in (`passwd -e`): the right
  /// password then starts no session until a new one is chosen. Its sessions stay.
  func requireNewPassword(named username: String) async throws(AuthError) -> PasswordChangeDemand
  /// Sets a new password (checked against the rules for this username), ends every session
  /// and lifts a demand for a new one; the invalid case carries the password rule's message.
  func resetPassword(
    named username: String, to password: String
  ) async throws(AuthError)
    -> Validation<AccountChange>
}
