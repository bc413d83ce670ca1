import AuthCore
import Observation

/// What the new-password step of a sign-in reports.
public enum NewPasswordStep: Hashable, Sendable {
  /// The user intends to go back without signing in (nothing changed; a new sign-in starts
  /// again from the password).
  case userIntendsToGoBack
  /// The user did choose a new password and sign in; the new session and its token.
  case userDidSignIn(NewSession)
}

/// Why a new password did not start a session, beyond its fields' rules. The description is
/// the message the step shows.
public enum NewPasswordFailure: Error, Equatable, Sendable, CustomStringConvertible,
  SignedOutSceneFailure
{
  /// The password changed, the account was locked or its code was used since the check:
  /// sign in again.
  case expired
  /// Another process held the database.
  case busy
  /// Anything else; the step shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .expired: AuthMessages.signInFailed
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }
}

/// The new-password step's view events, for `transform(input:)`.
public enum NewPasswordViewEvent: Hashable, Sendable, RedactedEvent {
  /// The new-password text changed.
  case newPasswordChanged(String)
  /// The confirmation text changed.
  case confirmationChanged(String)
  /// The user submitted the new password.
  case chooseTapped
  /// The user gave up and goes back.
  case cancelTapped

  /// The event, every password redacted.
  public var description: String {
    switch self {
    case .newPasswordChanged: "newPasswordChanged(\(Redaction.marker))"
    case .confirmationChanged: "confirmationChanged(\(Redaction.marker))"
    case .chooseTapped: "chooseTapped"
    case .cancelTapped: "cancelTapped"
    }
  }
}

/// What a new-password view sets and calls.
@MainActor
public protocol NewPasswordViewModelInputs: SceneLifecycleInputs {
  /// The new password as typed; a secure field binds to it.
  var newPassword: String { get set }
  /// The new password typed again.
  var confirmation: String { get set }
  /// Call when the user submits the new password; returns once the outputs show the answer.
  func chooseTapped() async
  /// Call when the user gives up.
  func cancelTapped()
}

/// What a new-password view shows.
@MainActor
public protocol NewPasswordViewModelOutputs: AnyObject {
  /// Shows whose new password is asked for.
  var username: String { get }
  /// Shows the new-password check once edited: sign-up's rules, and not the password now.
  var newPasswordValidation: Validation<Password>? { get }
  /// Shows the confirmation check once edited: "does not match".
  var confirmationValidation: Validation<Password>? { get }
  /// Shows whether the new password can be submitted: both fields valid, nothing running.
  var isChooseEnabled: Bool { get }
  /// Shows that the new password is being stored.
  var isLoading: Bool { get }
  /// Shows why the last submit failed; its description is the message.
  var failure: NewPasswordFailure? { get }
}

/// A new-password view model as a view sees it.
@MainActor
public protocol NewPasswordViewModelType: SceneViewModelType
where NavigationStep == NewPasswordStep {
  /// What the view sets and calls; settable so that `$viewModel.inputs.newPassword` binds.
  var inputs: any NewPasswordViewModelInputs { get set }
  /// What the view renders.
  var outputs: any NewPasswordViewModelOutputs { get }
}

/// The last step of a sign-in for an account that must choose a new password (an operator's
/// `users require-new-password`, or an imported shadow entry changed on day 0): takes the
/// new password twice for the challenge the step before handed over, and steps on with the
/// new session.
@MainActor
@Observable
public final class NewPasswordViewModel: BaseViewModel<NewPasswordStep>,
  NewPasswordViewModelType, NewPasswordViewModelInputs, NewPasswordViewModelOutputs,
  ViewEventHandling, FormActions
{
  /// Itself; assigning another object changes nothing (a binding writes through it).
  public var inputs: any NewPasswordViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any NewPasswordViewModelOutputs { self }

  /// The new password as typed.
  public var newPassword = "" { didSet { edited(.new) } }
  /// The new password typed again.
  public var confirmation = "" { didSet { edited(.confirmation) } }
  /// Shows that the new password is being stored.
  public internal(set) var isLoading = false
  /// Shows why the last submit failed.
  public internal(set) var failure: NewPasswordFailure?
  /// Shows whose new password is asked for.
  public var username: String { challenge.username }

  /// Shows the new-password check once edited.
  public var newPasswordValidation: Validation<Password>? {
    checks.shown(.new, live.newPassword, text: newPassword)
  }
  /// Shows the confirmation check once edited.
  public var confirmationValidation: Validation<Password>? {
    checks.shown(.confirmation, live.confirmation, text: confirmation)
  }
  /// Shows whether the new password can be submitted.
  public var isChooseEnabled: Bool {
    let live = live
    return !isLoading && checks.passes(.new, live.newPassword, text: newPassword)
      && checks.passes(.confirmation, live.confirmation, text: confirmation)
  }

  @ObservationIgnored private let challenge: NewPasswordChallenge
  @ObservationIgnored private let authentication: any AuthenticationUseCase
  var checks = FormChecks<Field>()
  enum Field: CaseIterable { case new, confirmation }

  /// Takes the challenge the step before answered and the use case that completes it.
  public init(challenge: NewPasswordChallenge, authentication: any AuthenticationUseCase) {
    self.challenge = challenge
    self.authentication = authentication
  }

  /// Submits: a refused submit shows every field's reason; a valid one stores the new
  /// password and signs in.
  public func chooseTapped() async {
    await submit(when: isChooseEnabled) { () throws(AuthError) in
      let request = request
      switch try await authentication.completeSignIn(challenge, newPassword: request) {
      case .accepted(let session): return .userDidSignIn(session)
      case .invalid(let validation):
        checks.refuse(.new, validation.newPassword, text: request.newPassword)
        checks.refuse(.confirmation, validation.confirmation, text: request.confirmation)
      case .expired: failure = .expired
      }
      return nil
    }
  }
  /// Goes back without signing in.
  public func cancelTapped() { navigator.emit(.userIntendsToGoBack) }
  /// Nothing to load.
  public func viewDidAppear() async {}
  /// Leaving the step goes back.
  public func viewDidDismiss() { navigator.emit(.userIntendsToGoBack) }

  /// Sets or calls the input the event names: the one place an event becomes an input.
  public func handle(_ event: NewPasswordViewEvent) async {
    switch event {
    case .newPasswordChanged(let text): newPassword = text
    case .confirmationChanged(let text): confirmation = text
    case .chooseTapped: await chooseTapped()
    case .cancelTapped: cancelTapped()
    }
  }

  /// No failure leaves the step; an expired challenge is shown, and going back starts over.
  func step(after failure: NewPasswordFailure) -> NewPasswordStep? { nil }

  private var request: NewPasswordRequest {
    NewPasswordRequest(newPassword: newPassword, confirmation: confirmation)
  }
  private var live: NewPasswordValidation { authentication.validate(request, for: challenge) }
}

/// Prints only its type: its fields hold what was typed, passwords among them.
extension NewPasswordViewModel: RedactsItself {}
