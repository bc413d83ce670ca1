import AuthCore
import Observation

/// What the password-change form reports.
public enum ChangePasswordStep: Hashable, Sendable {
  /// The user intends to go back without changing anything.
  case userIntendsToGoBack
  /// The user did change their password; this many other sessions ended.
  case userDidChangePassword(endedSessions: Int)
  /// The user's session turned out to be over.
  case userIsNotSignedIn
}

/// Why a password change did not happen, beyond its fields' rules; the description is the
/// message shown (a refused current password shows under its field too).
public enum ChangePasswordFailure: Error, Equatable, Sendable, CustomStringConvertible,
  SignedInSceneFailure
{
  /// The current password was refused: incorrect, or too many attempts.
  case currentPasswordRefused(CurrentPasswordRefusal)
  /// The session is over; the scene also steps with `userIsNotSignedIn`.
  case sessionEnded
  /// Another process held the database.
  case busy
  /// Anything else; the scene shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .currentPasswordRefused(let refusal): refusal.description
    case .sessionEnded: SceneMessages.sessionEnded
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }
}

/// The password-change form's view events, for `transform(input:)`.
public enum ChangePasswordViewEvent: Hashable, Sendable, RedactedEvent {
  /// The current-password text changed.
  case currentPasswordChanged(String)
  /// The new-password text changed.
  case newPasswordChanged(String)
  /// The confirmation text changed.
  case confirmationChanged(String)
  /// The user submitted the form.
  case changeTapped
  /// The user asked to go back.
  case backTapped

  /// The event, every password redacted.
  public var description: String {
    switch self {
    case .currentPasswordChanged: "currentPasswordChanged(\(Redaction.marker))"
    case .newPasswordChanged: "newPasswordChanged(\(Redaction.marker))"
    case .confirmationChanged: "confirmationChanged(\(Redaction.marker))"
    case .changeTapped: "changeTapped"
    case .backTapped: "backTapped"
    }
  }
}

/// What a password-change view sets and calls.
@MainActor
public protocol ChangePasswordViewModelInputs: SceneLifecycleInputs {
  /// The current password as typed.
  var currentPassword: String { get set }
  /// The new password as typed.
  var newPassword: String { get set }
  /// The new password typed again.
  var confirmation: String { get set }
  /// Call when the user submits the form; returns once the outputs show the answer.
  func changeTapped() async
  /// Call when the user asks to go back without changing anything.
  func backTapped()
}

/// What a password-change view shows.
@MainActor
public protocol ChangePasswordViewModelOutputs: AnyObject {
  /// Shows the current-password check once edited, including "incorrect" after a submit.
  var currentPasswordValidation: Validation<Password>? { get }
  /// Shows the new-password check once edited.
  var newPasswordValidation: Validation<Password>? { get }
  /// Shows the confirmation check once edited: "does not match".
  var confirmationValidation: Validation<Password>? { get }
  /// Shows whether the form can be submitted: every field valid, nothing running.
  var isChangeEnabled: Bool { get }
  /// Shows that the account is being loaded or the password is being changed.
  var isLoading: Bool { get }
  /// Shows how many other sessions ended, once the password was changed.
  var endedSessions: Int? { get }
  /// Shows why the last action failed; its description is the message.
  var failure: ChangePasswordFailure? { get }
}

/// A password-change view model as a view sees it.
@MainActor
public protocol ChangePasswordViewModelType: SceneViewModelType
where NavigationStep == ChangePasswordStep {
  /// What the view sets and calls; settable so that `$viewModel.inputs.newPassword` binds.
  var inputs: any ChangePasswordViewModelInputs { get set }
  /// What the view renders.
  var outputs: any ChangePasswordViewModelOutputs { get }
}

/// The password-change form: checks the fields as typed (the new password against the
/// user's name too), changes the password, shows how many other sessions ended.
@MainActor
@Observable
public final class ChangePasswordViewModel: BaseViewModel<ChangePasswordStep>,
  ChangePasswordViewModelType, ChangePasswordViewModelInputs, ChangePasswordViewModelOutputs,
  ViewEventHandling, FormActions
{
  /// Itself; assigning another object changes nothing (a binding writes through it).
  public var inputs: any ChangePasswordViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any ChangePasswordViewModelOutputs { self }
  /// The current password as typed.
  public var currentPassword = "" { didSet { edited(.current) } }
  /// The new password as typed.
  public var newPassword = "" { didSet { edited(.new) } }
  /// The new password typed again.
  public var confirmation = "" { didSet { edited(.confirmation) } }
  /// Shows that something is running.
  public internal(set) var isLoading = false
  /// Shows how many other sessions ended.
  public private(set) var endedSessions: Int?
  /// Shows why the last action failed.
  public internal(set) var failure: ChangePasswordFailure?

  /// Shows the current-password check once edited.
  public var currentPasswordValidation: Validation<Password>? {
    checks.shown(.current, live.currentPassword, text: currentPassword)
  }
  /// Shows the new-password check once edited.
  public var newPasswordValidation: Validation<Password>? {
    checks.shown(.new, live.newPassword, text: newPassword)
  }
  /// Shows the confirmation check once edited.
  public var confirmationValidation: Validation<Password>? {
    checks.shown(.confirmation, live.confirmation, text: confirmation)
  }
  /// Shows whether the form can be submitted.
  public var isChangeEnabled: Bool {
    let live = live
    return !isLoading && checks.passes(.current, live.currentPassword, text: currentPassword)
      && checks.passes(.new, live.newPassword, text: newPassword)
      && checks.passes(.confirmation, live.confirmation, text: confirmation)
  }

  @ObservationIgnored private let token: SessionToken
  @ObservationIgnored private let changePassword: any ChangePasswordUseCase
  @ObservationIgnored private let sessions: any SessionUseCase
  /// The signed-in user's name, once loaded: the new password must not contain it.
  private var username = ""
  var checks = FormChecks<Field>()
  enum Field: CaseIterable { case current, new, confirmation }

  /// Takes the session's token and the use cases that change passwords and read sessions.
  public init(
    token: SessionToken, changePassword: any ChangePasswordUseCase, sessions: any SessionUseCase
  ) {
    self.token = token
    self.changePassword = changePassword
    self.sessions = sessions
  }

  /// Learns the username (the new password must not contain it).
  public func viewDidAppear() async {
    await perform { () throws(AuthError) in
      username = try await sessions.currentSession(token: token).user.username
      return nil
    }
  }
  /// Leaving goes back.
  public func viewDidDismiss() { navigator.emit(.userIntendsToGoBack) }
  /// Steps back.
  public func backTapped() { navigator.emit(.userIntendsToGoBack) }

  /// Submits: a refused submit shows every field's reason; a valid one changes the password.
  public func changeTapped() async {
    await submit(when: isChangeEnabled) { () throws(AuthError) in
      let request = request
      endedSessions = nil
      switch try await changePassword.changePassword(token: token, request: request) {
      case .changed(let count):
        endedSessions = count
        return .userDidChangePassword(endedSessions: count)
      case .invalid(let validation):
        checks.refuse(.current, validation.currentPassword, text: request.currentPassword)
        checks.refuse(.new, validation.newPassword, text: request.newPassword)
        checks.refuse(.confirmation, validation.confirmation, text: request.confirmation)
      case .refused(let refusal):
        let message = refusal.description
        checks.refuse(.current, message: message, reason: .refused, text: request.currentPassword)
        failure = .currentPasswordRefused(refusal)
      }
      return nil
    }
  }

  /// Sets or calls the input the event names: the one place an event becomes an input.
  public func handle(_ event: ChangePasswordViewEvent) async {
    switch event {
    case .currentPasswordChanged(let text): currentPassword = text
    case .newPasswordChanged(let text): newPassword = text
    case .confirmationChanged(let text): confirmation = text
    case .changeTapped: await changeTapped()
    case .backTapped: backTapped()
    }
  }

  private var request: ChangePasswordRequest {
    ChangePasswordRequest(
      currentPassword: currentPassword, newPassword: newPassword, confirmation: confirmation)
  }
  private var live: ChangePasswordValidation {
    changePassword.validate(request, username: username)
  }
  /// A dead session leaves the scene; any other failure stays on it.
  func step(after failure: ChangePasswordFailure) -> ChangePasswordStep? {
    failure == .sessionEnded ? .userIsNotSignedIn : nil
  }
}

/// Prints only its type: its fields hold what was typed, passwords among them.
extension ChangePasswordViewModel: RedactsItself {}
