/// The start scene: the user chooses to sign in, sign up or quit.
@MainActor
public final class AuthenticateViewModel: BaseViewModel, ViewModelType {
  /// The user's choices and the scene's lifecycle.
  public typealias Input = SceneInput<AuthenticateInputs>
  /// What the scene shows.
  public let output: AuthenticateOutputs

  /// Starts the scene with a notice about what just happened, if anything.
  public init(notice: String? = nil) {
    output = AuthenticateOutputs(notice: notice)
    super.init()
  }

  /// Turns the user's choice into its step.
  public func send(_ action: AuthenticateInputs) async {
    switch action {
    case .signInChosen: navigator.emit(.userIntendsToSignIn)
    case .signUpChosen: navigator.emit(.userIntendsToSignUp)
    case .quitChosen: navigator.emit(.userIntendsToQuit)
    }
  }

  /// Leaving the start scene leaves the program.
  public func send(lifecycle event: SceneLifecycle) async {
    if event == .dismissed { navigator.emit(.userIntendsToQuit) }
  }
}
