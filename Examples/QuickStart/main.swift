// The library quick start: a store, the use cases over it, a sign-up, a sign-in, a session
// check, and the sign-in view model driven through its inputs.
import AuthCore
import AuthCrypto
import AuthStorage
import AuthViewModels

// A store. `inMemory()` and `open(path:)` both migrate, so the schema is always there.
let store = try SQLiteAuthStore.inMemory()

// Every use case over that store, an Argon2id hasher and a token source.
let services = AuthServices(
  store: store, hasher: try Argon2idHasher(), tokens: try SodiumTokenSource())

// Sign up: the first session, or every field's verdict.
let password = "plum tractor dawn whistle"
let signUp = SignUpRequest(username: "Ada", password: password, confirmation: password)
switch try await services.signUp.signUp(request: signUp) {
case .signedUp(let first): print("Signed up as \(first.authenticated.user.username).")
case .invalid(let verdict):
  print("Refused:", verdict.username.errorMessage ?? "", verdict.password.errorMessage ?? "")
}

// Sign in: a new session, or the one message for every refusal.
let signIn = SignInRequest(username: "ada", password: password)
guard case .valid(let session) = try await services.signIn.signIn(request: signIn) else {
  throw QuickStartFailure.signInRefused
}

// Check the session: the token is the only thing a client keeps.
let current = try await services.sessions.currentSession(token: session.token)
print("Session \(current.session.id) belongs to \(current.user.username).")

// The sign-in view model, driven through its inputs as a view would.
let viewModel = SignInViewModel(authentication: services.signIn)
viewModel.inputs.username = "ada"
viewModel.inputs.password = "not the passphrase at all"
await viewModel.inputs.signInTapped()
print("Wrong password shows:", viewModel.outputs.failure?.description ?? "nothing")
viewModel.inputs.password = password
print("Sign-in enabled:", viewModel.outputs.isSignInEnabled)
await viewModel.inputs.signInTapped()
if case .userDidSignIn(let next)? = viewModel.outcome {
  print("The view model signed in \(next.authenticated.user.username).")
}

/// Why the quick start stopped.
enum QuickStartFailure: Error {
  /// The account just created could not sign in.
  case signInRefused
}
