import AuthViewModels
import Observation

/// A start view model for previews: shows a notice set by hand (or by a named state),
/// records what the view called, and steps as the real one would.
@MainActor
@Observable
public final class AuthenticateViewModelPreview: BaseViewModel<AuthenticateStep>,
  AuthenticateViewModelType, AuthenticateViewModelInputs, AuthenticateViewModelOutputs
{
  /// The states a start view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// The first start.
    case plain
    /// Just signed out.
    case signedOut
  }

  /// Itself.
  public var inputs: any AuthenticateViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any AuthenticateViewModelOutputs { self }
  /// As set.
  public var notice: String?
  /// Every input called, oldest first.
  @ObservationIgnored public private(set) var received: [String] = []

  /// Outputs in a named state.
  public init(_ state: State) {
    notice = state == .signedOut ? "Signed out." : nil
    super.init()
  }

  /// Records and steps to sign-in.
  public func signInTapped() { step("signInTapped()", .userIntendsToSignIn) }
  /// Records and steps to sign-up.
  public func signUpTapped() { step("signUpTapped()", .userIntendsToSignUp) }
  /// Records and steps out.
  public func quitTapped() { step("quitTapped()", .userIntendsToQuit) }
  /// Records.
  public func viewDidAppear() async { received.append("viewDidAppear()") }
  /// Records and steps out.
  public func viewDidDismiss() { step("viewDidDismiss()", .userIntendsToQuit) }

  private func step(_ input: String, _ step: AuthenticateStep) {
    received.append(input)
    navigator.emit(step)
  }
}
