import AuthCore
import AuthCrypto
import AuthStorage
import AuthStoreConformance
import AuthTestSupport
import AuthViewModels

/// The real use cases on a migrated SQLite database in memory, with real
/// libsodium at its cheapest Argon2id cost and a clock that stands still.
struct RealUseCases {
  let useCases: AuthUseCases

  init() throws {
    let store = try SQLiteAuthStore.inMemory()
    let hasher = try Argon2idHasher(cost: .minimum)
    let tokens = try SodiumTokenSource()
    let clock = TestClock()
    useCases = AuthUseCases(
      AuthServices(store: store, hasher: hasher, tokens: tokens, clock: clock))
  }
}

extension SignInStep {
  /// The token of the session the step started, if it started one.
  var token: SessionToken? {
    if case .userDidSignIn(let session) = self { return session.token }
    return nil
  }
}

extension SignUpStep {
  /// The token of the session the step started, if it started one.
  var token: SessionToken? {
    if case .userDidSignUp(let session) = self { return session.token }
    return nil
  }
}

@MainActor
extension AuthUseCases {
  func makeSignIn() -> SignInViewModel { SignInViewModel(authentication: authentication) }
  func makeSignUp() -> SignUpViewModel { SignUpViewModel(signUp: signUp) }
  func makeAccount(token: SessionToken) -> AccountViewModel {
    AccountViewModel(token: token, sessions: sessions)
  }
  func makeSessions(token: SessionToken) -> SessionsViewModel {
    SessionsViewModel(token: token, sessions: sessions)
  }
  func makeChangePassword(token: SessionToken) -> ChangePasswordViewModel {
    ChangePasswordViewModel(token: token, changePassword: changePassword, sessions: sessions)
  }
}
