import AuthCore

/// The sign-in form: checks each field as typed, signs in through the use case,
/// and steps on with the new session.
@MainActor
public final class SignInViewModel: BaseViewModel, ViewModelType {
  /// The user's actions and the scene's lifecycle.
  public typealias Input = SceneInput<SignInInputs>
  /// What the form shows.
  public let output = SignInOutputs()
  private let authentication: any AuthenticationUseCase
  private var request = SignInRequest(username: "", password: "")
  private var isUsernameEdited = false
  private var isPasswordEdited = false

  /// Takes the use case that signs in.
  public init(authentication: any AuthenticationUseCase) {
    self.authentication = authentication
    super.init()
    refresh()
  }

  /// Records an edit, submits, or steps to sign-up.
  public func send(_ action: SignInInputs) async {
    switch action {
    case .usernameChanged(let text):
      request.username = text
      isUsernameEdited = true
      edited()
    case .passwordChanged(let text):
      request.password = text
      isPasswordEdited = true
      edited()
    case .signInRequested:
      await signIn()
    case .signUpRequested:
      navigator.emit(.userIntendsToSignUp)
    }
  }

  /// Leaving the form goes back.
  public func send(lifecycle event: SceneLifecycle) async {
    if event == .dismissed { navigator.emit(.userIntendsToGoBack) }
  }

  private func edited() {
    output.failure = nil
    refresh()
  }

  private func refresh() {
    let validation = authentication.validate(request)
    output.usernameValidation = isUsernameEdited ? validation.username : nil
    output.passwordValidation = isPasswordEdited ? validation.password : nil
    output.isSignInEnabled = validation.isValid && !output.isLoading
  }

  private func signIn() async {
    guard !output.isLoading else { return }
    // A refused submit shows every field's reason, edited or not.
    isUsernameEdited = true
    isPasswordEdited = true
    refresh()
    guard output.isSignInEnabled else { return }
    output.failure = nil
    output.isLoading = true
    refresh()
    var session: NewSession?
    do {
      switch try await authentication.signIn(request: request) {
      case .valid(let newSession): session = newSession
      // The fields passed the live check, so any refusal is the one for unknown user,
      // wrong password and lock alike.
      case .invalid: output.failure = .refused
      }
    } catch {
      output.failure = SignInFailure(thrown: error)
    }
    output.isLoading = false
    refresh()
    if let session { navigator.emit(.userDidSignIn(session)) }
  }
}
