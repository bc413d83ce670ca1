/// Every use case, built once over the same ports: the one call an app or a tool makes to
/// get from a store, a hasher and a token source to working sign-up, sign-in and sessions.
///
/// ```swift
/// let services = AuthServices(
///   store: try SQLiteAuthStore.inMemory(), hasher: try Argon2idHasher(),
///   tokens: try SodiumTokenSource())
/// let result = try await services.signUp.signUp(request: request)
/// ```
///
/// The store must be migrated already; `SQLiteAuthStore.open(path:)` and `.inMemory()`
/// are the only ways to get one, and both migrate.
public struct AuthServices: Sendable {
  /// Signing in: `signIn(request:)` answers a `Validation<NewSession>`; `verify(request:)`
  /// checks a password the same way without starting a session.
  public let signIn: SignInService
  /// Creating accounts: `signUp(request:)` answers a `SignUpResult`.
  public let signUp: SignUpService
  /// Checking, listing and ending sessions.
  public let sessions: SessionService
  /// Changing the signed-in user's password.
  public let changePassword: ChangePasswordService
  /// The operator's verbs on accounts: add, show, delete, lock, unlock, reset a password.
  public let accounts: AccountAdministrationService
  /// Deleting expired sessions, forgotten throttle rows and expired device cookies.
  public let housekeeping: HousekeepingService
  /// Reading the audit trail.
  public let auditTrail: AuditTrailService
  /// The signed-in user's second factor, and the operator's reset.
  public let secondFactor: SecondFactorService
  /// Importing accounts with the hashes another system kept.
  public let accountImport: AccountImportService
  /// Reading every account out, for `users export`.
  public let accountExport: AccountExportService
  /// Renaming an account.
  public let accountRename: AccountRenameService
  /// The store's sign-in work: shown, raised, fitted to the kept hashes.
  public let signInWork: SignInWorkService
  /// Groups of accounts: add, remove, list, import, and whether an account is in one.
  public let groups: GroupAdministrationService

  /// Builds every use case over the same store, hasher, token source, clock and rules.
  /// With `deviceCookies`, every check of a password presents this client's cookie for the
  /// account (sign-in, `verify`, a password change), and a sign-in leaves a new one.
  /// With `secondFactor`, accounts can enrol a second factor and sign-in asks for its code;
  /// its key is read only when a factor is enrolled or used. `legacyVerifier` checks the
  /// hashes kept from other systems; without it none is imported.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock = SystemClock(), policy: AuthPolicy = .standard,
    deviceCookies: (any DeviceCookieJar)? = nil, secondFactor: SecondFactorSetup? = nil,
    legacyVerifier: (any LegacyPasswordVerifier)? = nil
  ) {
    signIn = SignInService(
      store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
      deviceCookies: deviceCookies, secondFactor: secondFactor, legacyVerifier: legacyVerifier)
    self.secondFactor = SecondFactorService(
      store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
      deviceCookies: deviceCookies, setup: secondFactor)
    signUp = SignUpService(
      store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy)
    sessions = SessionService(store: store, tokens: tokens, clock: clock, policy: policy)
    changePassword = ChangePasswordService(
      store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
      deviceCookies: deviceCookies, legacyVerifier: legacyVerifier)
    accounts = AccountAdministrationService(
      store: store, hasher: hasher, clock: clock, policy: policy)
    housekeeping = HousekeepingService(store: store, clock: clock, policy: policy)
    auditTrail = AuditTrailService(store: store, policy: policy)
    accountImport = AccountImportService(
      store: store, hasher: hasher, verifier: legacyVerifier, clock: clock, policy: policy,
      secondFactorKeys: secondFactor?.keys)
    accountExport = AccountExportService(store: store)
    accountRename = AccountRenameService(store: store, clock: clock, policy: policy)
    signInWork = SignInWorkService(store: store, hasher: hasher, clock: clock)
    groups = GroupAdministrationService(store: store, clock: clock, policy: policy)
  }
}
