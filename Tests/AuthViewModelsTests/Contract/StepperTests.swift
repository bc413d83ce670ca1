import AuthViewModels
import Testing

@MainActor
@Suite("Stepper")
struct StepperTests {
  @Test("steps emitted before anyone reads are kept, in order")
  func keepsSteps() async {
    let stepper = Stepper<Int>()
    stepper.emit(1)
    stepper.emit(2)

    #expect(stepper.pendingStep == 1)
    #expect(await stepper.next() == 1)
    #expect(stepper.pendingStep == 2)
    #expect(await stepper.next() == 2)
    #expect(stepper.pendingStep == nil)
    #expect(stepper.history == [1, 2])
  }

  @Test("a reader waiting first gets the step when it is emitted")
  func waitingReader() async {
    let stepper = Stepper<String>()
    let reader = Task { await stepper.next() }
    // The reader may or may not be waiting yet; either way it gets the step.
    stepper.emit("go")
    #expect(await reader.value == "go")
    #expect(stepper.pendingStep == nil)
  }

  @Test("a cancelled reader gets nil and leaves later steps for the next reader")
  func cancelled() async {
    let stepper = Stepper<Int>()
    let reader = Task { await stepper.next() }
    reader.cancel()
    #expect(await reader.value == nil)

    stepper.emit(7)
    #expect(await stepper.next() == 7)
  }

  @Test("a scene's outcome is the step that ended it, whether the coordinator took it or not")
  func outcome() async {
    let viewModel = AuthenticateViewModel()
    #expect(viewModel.outcome == nil)
    viewModel.inputs.signUpTapped()
    #expect(viewModel.outcome == .userIntendsToSignUp)
    #expect(await viewModel.navigator.next() == .userIntendsToSignUp)
    viewModel.lifecycle.viewDidDismiss()
    #expect(viewModel.outcome == .userIntendsToSignUp)
  }
}
