#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Creates accounts and signs them in.
///
/// Every field is checked at once; the password is hashed outside any
/// transaction; the account, its first session and the audit event are written
/// in one transaction, where the schema's uniqueness decides a race for a name. The
/// `sign_up` event counts as the account's first sign-in.
public struct SignUpService: SignUpUseCase {
  private let store: any AuthStore
  private let hasher: any PasswordHasher
  private let tokens: any TokenSource
  private let clock: any WallClock
  private let policy: AuthPolicy

  /// Takes the ports it works through and the rules it applies.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy = .standard
  ) {
    self.store = store
    self.hasher = hasher
    self.tokens = tokens
    self.clock = clock
    self.policy = policy
  }

  /// Checks username, password and confirmation, the new account's two by the sign-up
  /// rules (`AuthPolicy.checkNewAccount`).
  public func validate(_ request: SignUpRequest) -> SignUpValidation {
    let (username, password) = policy.checkNewAccount(
      username: request.username, password: request.password)
    return SignUpValidation(
      username: username, password: password,
      confirmation: Password.validateConfirmation(request.confirmation, of: request.password))
  }

  /// Creates the account and its first session, or answers every field's result.
  @concurrent
  public func signUp(request: SignUpRequest) async throws(AuthError) -> SignUpResult {
    var validation = validate(request)
    guard validation.isValid, let username = validation.username.asValidated,
      let password = validation.password.asValidated
    else { return .invalid(validation) }

    let passwordHash = try hasher.hashed(password)
    let pending = try PendingSession(tokens: tokens)
    let now = clock.now()
    let rules = policy.session
    let housekeeper = Housekeeper(throttle: policy.throttle)
    let batch = policy.housekeeping.rowsPerAttempt
    let started = try await store.writeUnlessNameTaken { context throws(AuthError) in
      try housekeeper.prune(at: now, limit: batch, in: context)
      let user = try context.insertAccount(username: username, passwordHash: passwordHash, at: now)
      let started = try pending.start(for: user, at: now, rules: rules, in: context)
      try context.append(
        AuthEventDraft(
          time: now, kind: .signUp, user: user,
          detail: "session \(started.authenticated.session.id)"))
      return started
    }
    guard let started else {
      validation.username = .usernameTaken
      return .invalid(validation)
    }
    return .signedUp(started)
  }
}
