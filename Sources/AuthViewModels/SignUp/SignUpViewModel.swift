import AuthCore

/// The sign-up form: checks every field as typed, creates the account through
/// the use case, shows "taken" on the username, and steps on signed in.
@MainActor
public final class SignUpViewModel: BaseViewModel, ViewModelType {
  /// The user's actions and the scene's lifecycle.
  public typealias Input = SceneInput<SignUpInputs>
  /// What the form shows.
  public let output = SignUpOutputs()
  private let signUp: any SignUpUseCase
  private var request = SignUpRequest(username: "", password: "", confirmation: "")
  private var editedFields: Set<Field> = []
  private var refusals: [Field: SubmitRefusal] = [:]

  private enum Field { case username, password, confirmation }

  /// Takes the use case that creates accounts.
  public init(signUp: any SignUpUseCase) {
    self.signUp = signUp
    super.init()
    refresh()
  }

  /// Records an edit, submits, or steps to sign-in.
  public func send(_ action: SignUpInputs) async {
    switch action {
    case .usernameChanged(let text): edit(.username) { $0.username = text }
    case .passwordChanged(let text): edit(.password) { $0.password = text }
    case .confirmationChanged(let text): edit(.confirmation) { $0.confirmation = text }
    case .signUpRequested: await submit()
    case .signInRequested: navigator.emit(.userIntendsToSignIn)
    }
  }

  /// Leaving the form goes back.
  public func send(lifecycle event: SceneLifecycle) async {
    if event == .dismissed { navigator.emit(.userIntendsToGoBack) }
  }

  private func edit(_ field: Field, _ change: (inout SignUpRequest) -> Void) {
    change(&request)
    editedFields.insert(field)
    output.failure = nil
    refresh()
  }

  private func refresh() {
    let live = signUp.validate(request)
    let shown = SignUpValidation(
      username: SubmitRefusal.shown(
        live.username, refusal: refusals[.username], text: request.username),
      password: SubmitRefusal.shown(
        live.password, refusal: refusals[.password], text: request.password),
      confirmation: SubmitRefusal.shown(
        live.confirmation, refusal: refusals[.confirmation], text: request.confirmation))
    output.usernameValidation = editedFields.contains(.username) ? shown.username : nil
    output.passwordValidation = editedFields.contains(.password) ? shown.password : nil
    output.confirmationValidation =
      editedFields.contains(.confirmation) ? shown.confirmation : nil
    output.isSignUpEnabled = shown.isValid && !output.isLoading
  }

  private func submit() async {
    guard !output.isLoading else { return }
    // A refused submit shows every field's reason, edited or not.
    editedFields = [.username, .password, .confirmation]
    refresh()
    guard output.isSignUpEnabled else { return }
    output.failure = nil
    output.isLoading = true
    refresh()
    var session: NewSession?
    do {
      switch try await signUp.signUp(request: request) {
      case .signedUp(let newSession): session = newSession
      case .invalid(let validation): remember(validation)
      }
    } catch {
      output.failure = SignUpFailure(thrown: error)
    }
    output.isLoading = false
    refresh()
    if let session { navigator.emit(.userDidSignUp(session)) }
  }

  private func remember(_ validation: SignUpValidation) {
    refusals[.username] = SubmitRefusal(validation.username, text: request.username)
    refusals[.password] = SubmitRefusal(validation.password, text: request.password)
    refusals[.confirmation] = SubmitRefusal(validation.confirmation, text: request.confirmation)
  }
}
