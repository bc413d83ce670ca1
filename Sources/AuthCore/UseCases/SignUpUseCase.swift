/// What a person typed to create an account.
public struct SignUpRequest: Hashable, Sendable {
  /// The username as typed.
  public var username: String
  /// The password as typed.
  public var password: String
  /// The password typed again.
  public var confirmation: String
  /// Bundles the three fields.
  public init(username: String, password: String, confirmation: String) {
    self.username = username
    self.password = password
    self.confirmation = confirmation
  }
}

/// The per-field checks of a sign-up form, all at once.
public struct SignUpValidation: Hashable, Sendable {
  /// The username field (also "taken" after a submit).
  public var username: Validation<Username>
  /// The password field.
  public var password: Validation<Password>
  /// The confirmation field ("does not match").
  public var confirmation: Validation<Password>
  /// The three fields together.
  public init(
    username: Validation<Username>, password: Validation<Password>,
    confirmation: Validation<Password>
  ) {
    self.username = username
    self.password = password
    self.confirmation = confirmation
  }
  /// Whether every field passed.
  public var isValid: Bool { username.isValid && password.isValid && confirmation.isValid }
}

/// The answer to a sign-up.
public enum SignUpResult: Hashable, Sendable {
  /// The account exists and a session started.
  case signedUp(NewSession)
  /// At least one field failed; every field's result is given.
  case invalid(SignUpValidation)
}

/// Creates accounts.
public protocol SignUpUseCase: Sendable {
  /// Checks the fields as typed; pure and cheap, for live feedback.
  func validate(_ request: SignUpRequest) -> SignUpValidation
  /// Creates the account and signs it in, or says which fields failed.
  func signUp(request: SignUpRequest) async throws(AuthError) -> SignUpResult
}
