import AuthCore
import AuthViewModels
import Observation

/// A sign-up view model for previews: shows outputs set by hand (or by a named state),
/// records what the view set and called, and steps as the real one would.
@MainActor
@Observable
public final class SignUpViewModelPreview: BaseViewModel<SignUpStep>, SignUpViewModelType,
  SignUpViewModelInputs, SignUpViewModelOutputs, RedactsItself
{
  /// The states a sign-up view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Nothing typed yet.
    case empty
    /// Every field typed and refused.
    case invalidFields
    /// The username was taken at submit.
    case usernameTaken
    /// Every field valid; submit enabled, and a submit signs up.
    case ready
    /// Creating the account.
    case loading
    /// The database was busy.
    case failed
  }

  /// Itself.
  public var inputs: any SignUpViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any SignUpViewModelOutputs { self }
  /// The username as typed (recorded).
  public var username = "" { didSet { received.append("username = \(username.debugDescription)") } }
  /// The password as typed (recorded redacted).
  public var password = "" { didSet { received.append("password = \(Redaction.marker)") } }
  /// The confirmation as typed (recorded redacted).
  public var confirmation = "" {
    didSet { received.append("confirmation = \(Redaction.marker)") }
  }
  /// As set.
  public var usernameValidation: Validation<Username>?
  /// As set.
  public var passwordValidation: Validation<Password>?
  /// As set.
  public var confirmationValidation: Validation<Password>?
  /// As set.
  public var isSignUpEnabled = false
  /// As set.
  public var isLoading = false
  /// As set.
  public var failure: SignUpFailure?
  /// Every input set or called, oldest first, passwords redacted.
  @ObservationIgnored public private(set) var received: [String] = []
  @ObservationIgnored private let signsUp: Bool

  /// Outputs in a named state, with the sample user's name.
  public init(_ state: State) {
    signsUp = state == .ready
    super.init()
    let password = Validation<Password>.valid(Password(SampleData.password))
    switch state {
    case .empty: break
    case .invalidFields:
      usernameValidation = .invalid(errorMessage: StubRules.usernameTooShort)
      passwordValidation = .invalid(errorMessage: StubRules.passwordTooCommon)
      confirmationValidation = .invalid(errorMessage: StubRules.passwordsDoNotMatch)
    case .usernameTaken:
      usernameValidation = .invalid(errorMessage: AuthMessages.usernameTaken)
      passwordValidation = password
      confirmationValidation = password
    case .ready, .loading, .failed:
      usernameValidation = Username.validate(SampleData.user.username)
      passwordValidation = password
      confirmationValidation = password
      isSignUpEnabled = state != .loading
      isLoading = state == .loading
      failure = state == .failed ? .busy : nil
    }
  }

  /// Records; signs up as the sample user in the ready state.
  public func signUpTapped() async {
    received.append("signUpTapped()")
    if signsUp { navigator.emit(.userDidSignUp(SampleData.newSession)) }
  }
  /// Records and steps to sign-in.
  public func signInTapped() {
    received.append("signInTapped()")
    navigator.emit(.userIntendsToSignIn)
  }
  /// Records.
  public func viewDidAppear() async { received.append("viewDidAppear()") }
  /// Records and steps back.
  public func viewDidDismiss() {
    received.append("viewDidDismiss()")
    navigator.emit(.userIntendsToGoBack)
  }
}
