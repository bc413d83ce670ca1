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

  /// Checks username, password and confirmation. The password is checked against
  /// the username only once the username itself is valid, so a half-typed name
  /// (say, one letter) does not make every password containing it "wrong".
  public func validate(_ request: SignUpRequest) -> SignUpValidation {
    let username = Username.validate(request.username, rules: policy.username)
    return SignUpValidation(
      username: username,
      password: Password.validate(
        request.password, username: username.asValidated?.canonical ?? "",
        rules: policy.password),
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
    do throws(AuthError) {
      let started = try await store.write { context throws(AuthError) in
        try housekeeper.prune(at: now, limit: batch, in: context)
        let user = try context.insertUser(username: username, passwordHash: passwordHash, at: now)
        // Failures guessed against the name before it had an account are not the owner's.
        try context.clearThrottleState(for: username.canonical)
        let started = try pending.start(for: user, at: now, rules: rules, in: context)
        try context.append(
          AuthEventDraft(
            time: now, kind: .signUp, userID: user.id, username: user.username,
            detail: "session \(started.authenticated.session.id)"))
        return started
      }
      return .signedUp(started)
    } catch {
      guard error == .store(.usernameTaken) else { throw error }
      validation.username = .invalid(errorMessage: AuthMessages.usernameTaken, reason: .taken)
      return .invalid(validation)
    }
  }
}
