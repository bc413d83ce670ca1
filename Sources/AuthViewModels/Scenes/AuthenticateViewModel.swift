import Observation

/// What the start scene reports.
public enum AuthenticateStep: Hashable, Sendable {
  /// The user intends to sign in to an existing account.
  case userIntendsToSignIn
  /// The user intends to create an account.
  case userIntendsToSignUp
  /// The user intends to leave the program.
  case userIntendsToQuit
}

/// The start scene's view events, for `transform(input:)`.
public enum AuthenticateViewEvent: Hashable, Sendable {
  /// The user chose to sign in.
  case signInTapped
  /// The user chose to create an account.
  case signUpTapped
  /// The user chose to leave.
  case quitTapped
}

/// What a start view calls.
@MainActor
public protocol AuthenticateViewModelInputs: SceneLifecycleInputs {
  /// Call when the user chooses to sign in.
  func signInTapped()
  /// Call when the user chooses to create an account.
  func signUpTapped()
  /// Call when the user chooses to leave.
  func quitTapped()
}

/// What a start view shows.
@MainActor
public protocol AuthenticateViewModelOutputs: AnyObject {
  /// Shows a one-line notice about what just happened ("Signed out."), if any.
  var notice: String? { get }
}

/// A start view model as a view sees it.
@MainActor
public protocol AuthenticateViewModelType: SceneViewModelType
where NavigationStep == AuthenticateStep {
  /// What the view calls; settable for symmetry with the forms' bindings.
  var inputs: any AuthenticateViewModelInputs { get set }
  /// What the view renders.
  var outputs: any AuthenticateViewModelOutputs { get }
}

/// The start scene: the user chooses to sign in, sign up or quit. It calls no use case,
/// so it has no failure to show.
@MainActor
@Observable
public final class AuthenticateViewModel: BaseViewModel<AuthenticateStep>,
  AuthenticateViewModelType, AuthenticateViewModelInputs, AuthenticateViewModelOutputs,
  ViewEventHandling
{
  /// Itself; assigning another object changes nothing.
  public var inputs: any AuthenticateViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any AuthenticateViewModelOutputs { self }
  /// Shows the notice the scene started with.
  public private(set) var notice: String?

  /// Starts the scene with a notice about what just happened, if anything.
  public init(notice: String? = nil) {
    self.notice = notice
    super.init()
  }

  /// Steps to sign-in.
  public func signInTapped() { navigator.emit(.userIntendsToSignIn) }
  /// Steps to sign-up.
  public func signUpTapped() { navigator.emit(.userIntendsToSignUp) }
  /// Steps out.
  public func quitTapped() { navigator.emit(.userIntendsToQuit) }
  /// Nothing to load.
  public func viewDidAppear() async {}
  /// Leaving the start scene leaves the program.
  public func viewDidDismiss() { navigator.emit(.userIntendsToQuit) }

  /// Calls the input the event names: the one place an event becomes an input.
  public func handle(_ event: AuthenticateViewEvent) async {
    switch event {
    case .signInTapped: signInTapped()
    case .signUpTapped: signUpTapped()
    case .quitTapped: quitTapped()
    }
  }
}
