import AuthViewModels
import Testing

@MainActor
@Suite("Start view model")
struct AuthenticateViewModelTests {
  @Test(
    "each choice is its own step",
    arguments: [
      (AuthenticateViewEvent.signInTapped, AuthenticateStep.userIntendsToSignIn),
      (.signUpTapped, .userIntendsToSignUp),
      (.quitTapped, .userIntendsToQuit),
    ])
  func choices(event: AuthenticateViewEvent, step: AuthenticateStep) async {
    let viewModel = AuthenticateViewModel()
    await viewModel.handle(event)
    #expect(viewModel.navigator.history == [step])
  }

  @Test("the notice is shown; appearing does nothing; leaving quits")
  func lifecycle() async {
    let viewModel = AuthenticateViewModel(notice: "Signed out.")
    await viewModel.inputs.viewDidAppear()
    #expect(viewModel.navigator.history.isEmpty)
    #expect(viewModel.outputs.notice == "Signed out.")
    viewModel.inputs.viewDidDismiss()
    #expect(viewModel.navigator.history == [.userIntendsToQuit])
  }
}
