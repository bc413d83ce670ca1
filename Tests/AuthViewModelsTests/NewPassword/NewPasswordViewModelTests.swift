import AuthCore
import AuthTestSupport
import AuthViewModelPreviews
import AuthViewModels
import Testing

/// The new-password outputs at one moment.
struct NewPasswordSeen: Equatable {
  var new: Validation<Password>?
  var confirmation: Validation<Password>?
  var enabled = false
  var loading = false
  var error: String?

  @MainActor
  static func of(_ viewModel: some NewPasswordViewModelType) -> NewPasswordSeen {
    let output = viewModel.outputs
    return NewPasswordSeen(
      new: output.newPasswordValidation, confirmation: output.confirmationValidation,
      enabled: output.isChooseEnabled, loading: output.isLoading,
      error: output.failure?.description)
  }
}

@MainActor
@Suite("New-password view model")
struct NewPasswordViewModelTests {
  let stub = AuthenticationUseCaseStub()
  let viewModel: NewPasswordViewModel
  let history: OutputHistory<NewPasswordViewModel, NewPasswordSeen>
  let chosen = SampleData.newPassword
  var valid: Validation<Password> { .valid(Password(chosen)) }

  init() {
    viewModel = NewPasswordViewModel(challenge: .sample(username: "alice"), authentication: stub)
    history = OutputHistory(viewModel, see: NewPasswordSeen.of)
    history.record(during: stub.newPasswordCall)
  }

  @Test("a valid new password twice: enabled, loading on then off, signed-in step")
  func signsIn() async {
    await history.send(
      .newPasswordChanged(chosen), .confirmationChanged(chosen), .chooseTapped)
    #expect(
      history.values == [
        NewPasswordSeen(),
        NewPasswordSeen(new: valid),
        NewPasswordSeen(new: valid, confirmation: valid, enabled: true),
        NewPasswordSeen(new: valid, confirmation: valid, loading: true),
        NewPasswordSeen(new: valid, confirmation: valid, enabled: true),
      ])
    #expect(history.steps == [.userDidSignIn(SampleData.newSession)])
    #expect(
      stub.newPasswordCall.requests == [
        NewPasswordRequest(newPassword: chosen, confirmation: chosen)
      ])
    #expect(viewModel.username == "alice")
  }

  @Test("a submit with fields the rules refuse shows each reason and calls nothing")
  func refusedFields() async {
    await history.send(
      .newPasswordChanged("alice " + chosen), .confirmationChanged(chosen), .chooseTapped)
    let containsName = Validation<Password>.invalid(
      errorMessage: StubRules.passwordContainsUsername)
    let mismatch = Validation<Password>.invalid(errorMessage: StubRules.passwordsDoNotMatch)
    #expect(
      history.values == [
        NewPasswordSeen(),
        NewPasswordSeen(new: containsName),
        NewPasswordSeen(new: containsName, confirmation: mismatch),
        NewPasswordSeen(new: containsName, confirmation: mismatch),
      ])
    #expect(stub.newPasswordCall.requests.isEmpty)
    #expect(history.steps.isEmpty)
  }

  @Test("the use case's refusal of a field (the password it replaces) shows under that field")
  func sameAsCurrent() async {
    let refusal = NewPasswordValidation(
      newPassword: .invalid(
        errorMessage: AuthMessages.newPasswordSameAsCurrent, reason: .sameAsCurrent),
      confirmation: valid)
    stub.newPasswordCall.answer(.success(.invalid(refusal)))
    await history.send(.newPasswordChanged(chosen), .confirmationChanged(chosen), .chooseTapped)
    #expect(
      history.values.last
        == NewPasswordSeen(new: refusal.newPassword, confirmation: valid, enabled: false))
    #expect(history.steps.isEmpty)
  }

  @Test("an expired challenge shows the sign-in answer; an edit clears it")
  func expired() async {
    stub.newPasswordCall.answer(.success(.expired))
    await history.send(
      .newPasswordChanged(chosen), .confirmationChanged(chosen), .chooseTapped,
      .confirmationChanged(""))
    #expect(
      history.values.suffix(2) == [
        NewPasswordSeen(
          new: valid, confirmation: valid, enabled: true, error: AuthMessages.signInFailed),
        NewPasswordSeen(
          new: valid, confirmation: .invalid(errorMessage: StubRules.confirmPassword)),
      ])
    #expect(viewModel.failure == nil)
    #expect(history.steps.isEmpty)
  }

  @Test("a busy store is named; cancel goes back")
  func busyAndCancel() async {
    stub.newPasswordCall.answer(.failure(.store(.busy)))
    await history.send(
      .newPasswordChanged(chosen), .confirmationChanged(chosen), .chooseTapped, .cancelTapped)
    #expect(history.values.last?.error == NewPasswordFailure.busy.description)
    #expect(history.steps == [.userIntendsToGoBack])
  }
}
