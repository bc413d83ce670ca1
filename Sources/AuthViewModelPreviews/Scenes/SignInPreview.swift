import AuthCore
import AuthViewModels
import Observation

/// A sign-in view model for previews: shows outputs set by hand (or by a named state),
/// records what the view set and called, and steps as the real one would.
@MainActor
@Observable
public final class SignInViewModelPreview: BaseViewModel<SignInStep>, SignInViewModelType,
  SignInViewModelInputs, SignInViewModelOutputs, RedactsItself
{
  /// The states a sign-in view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Nothing typed yet.
    case empty
    /// Both fields typed and refused.
    case invalidFields
    /// Both fields valid; submit enabled, and a submit signs in.
    case ready
    /// Signing in.
    case loading
    /// The sign-in was refused.
    case failed
  }

  /// Itself.
  public var inputs: any SignInViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any SignInViewModelOutputs { self }
  /// The username as typed (recorded).
  public var username = "" { didSet { received.append("username = \(username.debugDescription)") } }
  /// The password as typed (recorded redacted).
  public var password = "" { didSet { received.append("password = \(Redaction.marker)") } }
  /// As set.
  public var usernameValidation: Validation<Username>?
  /// As set.
  public var passwordValidation: Validation<Password>?
  /// As set.
  public var isSignInEnabled = false
  /// As set.
  public var isLoading = false
  /// As set.
  public var failure: SignInFailure?
  /// Every input set or called, oldest first, passwords redacted.
  @ObservationIgnored public private(set) var received: [String] = []
  @ObservationIgnored private let signsIn: Bool

  /// Outputs in a named state, with the sample user's name.
  public init(_ state: State) {
    signsIn = state == .ready
    super.init()
    let name = Username.validate(SampleData.user.username)
    let password = Validation<Password>.valid(Password(SampleData.password))
    switch state {
    case .empty: break
    case .invalidFields:
      usernameValidation = .invalid(errorMessage: StubRules.usernameTooShort)
      passwordValidation = .invalid(errorMessage: StubRules.enterYourPassword)
    case .ready, .loading, .failed:
      usernameValidation = name
      passwordValidation = password
      isSignInEnabled = state != .loading
      isLoading = state == .loading
      failure = state == .failed ? .refused : nil
    }
  }

  /// Records; signs in as the sample user in the ready state.
  public func signInTapped() async {
    received.append("signInTapped()")
    if signsIn { navigator.emit(.userDidSignIn(SampleData.newSession)) }
  }
  /// Records and steps to sign-up.
  public func signUpTapped() {
    received.append("signUpTapped()")
    navigator.emit(.userIntendsToSignUp)
  }
  /// Records.
  public func viewDidAppear() async { received.append("viewDidAppear()") }
  /// Records and steps back.
  public func viewDidDismiss() {
    received.append("viewDidDismiss()")
    navigator.emit(.userIntendsToGoBack)
  }
}
