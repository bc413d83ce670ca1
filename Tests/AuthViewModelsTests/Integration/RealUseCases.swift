import AuthCore
import AuthCrypto
import AuthStorage
import AuthTestSupport
import AuthViewModels

/// The real use cases on a migrated SQLite database in memory, with real
/// libsodium at its cheapest Argon2id cost and a clock that stands still.
struct RealUseCases {
  let factory: UseCaseViewModelFactory

  init() throws {
    let store = try SQLiteAuthStore.inMemory()
    let hasher = try Argon2idHasher(cost: .minimum)
    let tokens = try SodiumTokenSource()
    let clock = TestClock()
    factory = UseCaseViewModelFactory(
      authentication: SignInService(store: store, hasher: hasher, tokens: tokens, clock: clock),
      signUp: SignUpService(store: store, hasher: hasher, tokens: tokens, clock: clock),
      sessions: SessionService(store: store, tokens: tokens, clock: clock),
      changePassword: ChangePasswordService(
        store: store, hasher: hasher, tokens: tokens, clock: clock))
  }
}

/// Drives a view model and hands back the step it ended with.
@MainActor
func run<ViewModel: ViewModelType>(
  _ viewModel: ViewModel, appearing: Bool = true, _ actions: ViewModel.Input.FromView...
) async -> AuthStep? {
  if appearing { await viewModel.send(lifecycle: .appeared) }
  for action in actions { await viewModel.send(action) }
  return viewModel.navigator.pendingStep
}

extension AuthStep {
  /// The token of a step that starts a session.
  var token: SessionToken? {
    switch self {
    case .userDidSignIn(let session), .userDidSignUp(let session): session.token
    default: nil
    }
  }
}
