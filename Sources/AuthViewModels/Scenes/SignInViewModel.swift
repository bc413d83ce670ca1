import AuthCore
import Observation

/// What the sign-in form reports.
public enum SignInStep: Hashable, Sendable {
  /// The user intends to create an account instead.
  case userIntendsToSignUp
  /// The user intends to go back without signing in.
  case userIntendsToGoBack
  /// The user did sign in; the new session and its token.
  case userDidSignIn(NewSession)
  /// The user did give the right password for an account that also asks for a code; the
  /// challenge the second step completes.
  case userDidPassPassword(SecondFactorChallenge)
  /// The user did give the right password for an account that must choose a new one before
  /// a session starts; the challenge the new-password step completes.
  case userDidPassExpiredPassword(NewPasswordChallenge)
}

/// Why a sign-in did not start a session. The description is the message the form shows.
public enum SignInFailure: Error, Equatable, Sendable, CustomStringConvertible,
  SignedOutSceneFailure
{
  /// Unknown user, wrong password or too many attempts: one answer for all three.
  case refused
  /// Another process held the database.
  case busy
  /// Anything else; the scene shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .refused: AuthMessages.signInFailed
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }
}

/// The sign-in form's view events, for `transform(input:)`.
public enum SignInViewEvent: Hashable, Sendable, RedactedEvent {
  /// The username text changed.
  case usernameChanged(String)
  /// The password text changed.
  case passwordChanged(String)
  /// The user submitted the form.
  case signInTapped
  /// The user asked to create an account instead.
  case signUpTapped

  /// The event, the password redacted.
  public var description: String {
    switch self {
    case .usernameChanged(let text): "usernameChanged(\(String(reflecting: text)))"
    case .passwordChanged: "passwordChanged(\(Redaction.marker))"
    case .signInTapped: "signInTapped"
    case .signUpTapped: "signUpTapped"
    }
  }
}

/// What a sign-in view sets and calls.
@MainActor
public protocol SignInViewModelInputs: SceneLifecycleInputs {
  /// The username as typed; a text field binds to it.
  var username: String { get set }
  /// The password as typed; a secure field binds to it.
  var password: String { get set }
  /// Call when the user submits the form; returns once the outputs show the answer.
  func signInTapped() async
  /// Call when the user asks to create an account instead.
  func signUpTapped()
}

/// What a sign-in view shows.
@MainActor
public protocol SignInViewModelOutputs: AnyObject {
  /// Shows the username check once the field was edited (or a submit was tried).
  var usernameValidation: Validation<Username>? { get }
  /// Shows the password check once the field was edited (or a submit was tried).
  var passwordValidation: Validation<Password>? { get }
  /// Shows whether the form can be submitted: every field valid, nothing running.
  var isSignInEnabled: Bool { get }
  /// Shows that a sign-in is running.
  var isLoading: Bool { get }
  /// Shows why the last sign-in failed; its description is the message.
  var failure: SignInFailure? { get }
}

/// A sign-in view model as a view sees it: inputs to set, outputs to render, steps.
@MainActor
public protocol SignInViewModelType: SceneViewModelType where NavigationStep == SignInStep {
  /// What the view sets and calls; settable so that `$viewModel.inputs.username` binds.
  var inputs: any SignInViewModelInputs { get set }
  /// What the view renders.
  var outputs: any SignInViewModelOutputs { get }
}

/// The sign-in form: checks each field as typed, signs in through the use case,
/// and steps on with the new session.
@MainActor
@Observable
public final class SignInViewModel: BaseViewModel<SignInStep>, SignInViewModelType,
  SignInViewModelInputs, SignInViewModelOutputs, ViewEventHandling, FormActions
{
  /// Itself; assigning another object changes nothing (a binding writes through it).
  public var inputs: any SignInViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any SignInViewModelOutputs { self }

  /// The username as typed.
  public var username = "" { didSet { edited(.username) } }
  /// The password as typed.
  public var password = "" { didSet { edited(.password) } }
  /// Shows that a sign-in is running.
  public internal(set) var isLoading = false
  /// Shows why the last sign-in failed.
  public internal(set) var failure: SignInFailure?

  /// Shows the username check once edited.
  public var usernameValidation: Validation<Username>? {
    checks.shown(.username, live.username, text: username)
  }
  /// Shows the password check once edited.
  public var passwordValidation: Validation<Password>? {
    checks.shown(.password, live.password, text: password)
  }
  /// Shows whether the form can be submitted.
  public var isSignInEnabled: Bool {
    let live = live
    return !isLoading && checks.passes(.username, live.username, text: username)
      && checks.passes(.password, live.password, text: password)
  }

  @ObservationIgnored private let authentication: any AuthenticationUseCase
  var checks = FormChecks<Field>()
  enum Field: CaseIterable { case username, password }

  /// Takes the use case that signs in.
  public init(authentication: any AuthenticationUseCase) {
    self.authentication = authentication
  }

  /// Submits: a refused submit shows every field's reason; a valid one signs in.
  public func signInTapped() async {
    await submit(when: isSignInEnabled) { () throws(AuthError) in
      let request = request
      switch try await authentication.beginSignIn(request: request) {
      case .valid(.signedIn(let newSession)): return .userDidSignIn(newSession)
      case .valid(.secondFactorRequired(let challenge)): return .userDidPassPassword(challenge)
      case .valid(.newPasswordRequired(let challenge)):
        return .userDidPassExpiredPassword(challenge)
      // The fields passed the live check, so any refusal is the one for unknown user,
      // wrong password and lock alike.
      case .invalid:
        failure = .refused
        return nil
      }
    }
  }
  /// Steps to sign-up.
  public func signUpTapped() { navigator.emit(.userIntendsToSignUp) }
  /// Nothing to load.
  public func viewDidAppear() async {}
  /// Leaving the form goes back.
  public func viewDidDismiss() { navigator.emit(.userIntendsToGoBack) }

  /// Sets or calls the input the event names: the one place an event becomes an input.
  public func handle(_ event: SignInViewEvent) async {
    switch event {
    case .usernameChanged(let text): username = text
    case .passwordChanged(let text): password = text
    case .signInTapped: await signInTapped()
    case .signUpTapped: signUpTapped()
    }
  }

  /// No failure of a sign-in leaves the form.
  func step(after failure: SignInFailure) -> SignInStep? { nil }

  private var request: SignInRequest { SignInRequest(username: username, password: password) }
  private var live: SignInValidation { authentication.validate(request) }

}

/// Prints only its type: its fields hold what was typed, passwords among them.
extension SignInViewModel: RedactsItself {}
