import AuthCore
import Observation

/// What the sign-up form reports.
public enum SignUpStep: Hashable, Sendable {
  /// The user intends to sign in to an existing account instead.
  case userIntendsToSignIn
  /// The user intends to go back without creating an account.
  case userIntendsToGoBack
  /// The user did create an account and is signed in to it.
  case userDidSignUp(NewSession)
}

/// Why a sign-up did not create the account, beyond its fields (a taken name is the
/// username field's answer). The description is the message the form shows.
public enum SignUpFailure: Error, Equatable, Sendable, CustomStringConvertible,
  SignedOutSceneFailure
{
  /// Another process held the database.
  case busy
  /// Anything else; the scene shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }
}

/// The sign-up form's view events, for `transform(input:)`.
public enum SignUpViewEvent: Hashable, Sendable, RedactedEvent {
  /// The username text changed.
  case usernameChanged(String)
  /// The password text changed.
  case passwordChanged(String)
  /// The confirmation text changed.
  case confirmationChanged(String)
  /// The user submitted the form.
  case signUpTapped
  /// The user asked to sign in instead.
  case signInTapped

  /// The event, passwords redacted.
  public var description: String {
    switch self {
    case .usernameChanged(let text): "usernameChanged(\(String(reflecting: text)))"
    case .passwordChanged: "passwordChanged(\(Redaction.marker))"
    case .confirmationChanged: "confirmationChanged(\(Redaction.marker))"
    case .signUpTapped: "signUpTapped"
    case .signInTapped: "signInTapped"
    }
  }
}

/// What a sign-up view sets and calls.
@MainActor
public protocol SignUpViewModelInputs: SceneLifecycleInputs {
  /// The username as typed.
  var username: String { get set }
  /// The password as typed.
  var password: String { get set }
  /// The password typed again.
  var confirmation: String { get set }
  /// Call when the user submits the form; returns once the outputs show the answer.
  func signUpTapped() async
  /// Call when the user asks to sign in to an existing account instead.
  func signInTapped()
}

/// What a sign-up view shows.
@MainActor
public protocol SignUpViewModelOutputs: AnyObject {
  /// Shows the username check once edited, including "taken" after a submit.
  var usernameValidation: Validation<Username>? { get }
  /// Shows the password check once edited: length, too common, contains the username.
  var passwordValidation: Validation<Password>? { get }
  /// Shows the confirmation check once edited: "does not match".
  var confirmationValidation: Validation<Password>? { get }
  /// Shows whether the form can be submitted: every field valid, nothing running.
  var isSignUpEnabled: Bool { get }
  /// Shows that the account is being created.
  var isLoading: Bool { get }
  /// Shows why the last submit failed outside the fields; its description is the message.
  var failure: SignUpFailure? { get }
}

/// A sign-up view model as a view sees it.
@MainActor
public protocol SignUpViewModelType: SceneViewModelType where NavigationStep == SignUpStep {
  /// What the view sets and calls; settable so that `$viewModel.inputs.username` binds.
  var inputs: any SignUpViewModelInputs { get set }
  /// What the view renders.
  var outputs: any SignUpViewModelOutputs { get }
}

/// The sign-up form: checks every field as typed, creates the account through the use
/// case, shows "taken" on the username, and steps on signed in.
@MainActor
@Observable
public final class SignUpViewModel: BaseViewModel<SignUpStep>, SignUpViewModelType,
  SignUpViewModelInputs, SignUpViewModelOutputs, ViewEventHandling, FormActions
{
  /// Itself; assigning another object changes nothing (a binding writes through it).
  public var inputs: any SignUpViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any SignUpViewModelOutputs { self }

  /// The username as typed.
  public var username = "" { didSet { edited(.username) } }
  /// The password as typed.
  public var password = "" { didSet { edited(.password) } }
  /// The password typed again.
  public var confirmation = "" { didSet { edited(.confirmation) } }
  /// Shows that the account is being created.
  public internal(set) var isLoading = false
  /// Shows why the last submit failed outside the fields.
  public internal(set) var failure: SignUpFailure?

  /// Shows the username check once edited.
  public var usernameValidation: Validation<Username>? {
    checks.shown(.username, live.username, text: username)
  }
  /// Shows the password check once edited.
  public var passwordValidation: Validation<Password>? {
    checks.shown(.password, live.password, text: password)
  }
  /// Shows the confirmation check once edited.
  public var confirmationValidation: Validation<Password>? {
    checks.shown(.confirmation, live.confirmation, text: confirmation)
  }
  /// Shows whether the form can be submitted.
  public var isSignUpEnabled: Bool {
    let live = live
    return !isLoading && checks.passes(.username, live.username, text: username)
      && checks.passes(.password, live.password, text: password)
      && checks.passes(.confirmation, live.confirmation, text: confirmation)
  }

  @ObservationIgnored private let signUp: any SignUpUseCase
  var checks = FormChecks<Field>()
  enum Field: CaseIterable { case username, password, confirmation }

  /// Takes the use case that creates accounts.
  public init(signUp: any SignUpUseCase) {
    self.signUp = signUp
  }

  /// Submits: a refused submit shows every field's reason; a valid one creates the account.
  public func signUpTapped() async {
    await submit(when: isSignUpEnabled) { () throws(AuthError) in
      let request = request
      switch try await signUp.signUp(request: request) {
      case .signedUp(let newSession): return .userDidSignUp(newSession)
      case .invalid(let validation):
        checks.refuse(.username, validation.username, text: request.username)
        checks.refuse(.password, validation.password, text: request.password)
        checks.refuse(.confirmation, validation.confirmation, text: request.confirmation)
        return nil
      }
    }
  }
  /// Steps to sign-in.
  public func signInTapped() { navigator.emit(.userIntendsToSignIn) }
  /// Nothing to load.
  public func viewDidAppear() async {}
  /// Leaving the form goes back.
  public func viewDidDismiss() { navigator.emit(.userIntendsToGoBack) }

  /// Sets or calls the input the event names: the one place an event becomes an input.
  public func handle(_ event: SignUpViewEvent) async {
    switch event {
    case .usernameChanged(let text): username = text
    case .passwordChanged(let text): password = text
    case .confirmationChanged(let text): confirmation = text
    case .signUpTapped: await signUpTapped()
    case .signInTapped: signInTapped()
    }
  }

  /// No failure of a sign-up leaves the form.
  func step(after failure: SignUpFailure) -> SignUpStep? { nil }

  private var request: SignUpRequest {
    SignUpRequest(username: username, password: password, confirmation: confirmation)
  }
  private var live: SignUpValidation { signUp.validate(request) }

}

/// Prints only its type: its fields hold what was typed, passwords among them.
extension SignUpViewModel: RedactsItself {}
