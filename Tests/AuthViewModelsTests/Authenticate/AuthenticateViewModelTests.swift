import AuthViewModels
import Testing

@MainActor
@Suite("Start view model")
struct AuthenticateViewModelTests {
  @Test(
    "each choice is its own step",
    arguments: [
      (AuthenticateInputs.signInChosen, AuthStep.userIntendsToSignIn),
      (.signUpChosen, .userIntendsToSignUp),
      (.quitChosen, .userIntendsToQuit),
    ])
  func choices(action: AuthenticateInputs, step: AuthStep) async {
    let viewModel = AuthenticateViewModel()
    await viewModel.send(action)
    #expect(viewModel.navigator.history == [step])
  }

  @Test("the notice is shown; appearing does nothing; leaving quits")
  func lifecycle() async {
    let viewModel = AuthenticateViewModel(notice: "Signed out.")
    await viewModel.send(lifecycle: .appeared)
    #expect(viewModel.navigator.history.isEmpty)
    #expect(viewModel.output.notice == "Signed out.")
    await viewModel.send(lifecycle: .dismissed)
    #expect(viewModel.navigator.history == [.userIntendsToQuit])
  }
}
