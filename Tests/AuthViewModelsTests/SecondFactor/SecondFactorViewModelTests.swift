import AuthCore
import AuthTestSupport
import AuthViewModelPreviews
import AuthViewModels
import Testing

/// The second-factor outputs at one moment.
struct SecondFactorSeen: Equatable {
  var enabled = false
  var loading = false
  var error: String?

  @MainActor
  static func of(_ viewModel: some SecondFactorViewModelType) -> SecondFactorSeen {
    let output = viewModel.outputs
    return SecondFactorSeen(
      enabled: output.isVerifyEnabled, loading: output.isLoading,
      error: output.failure?.description)
  }
}

@MainActor
@Suite("Second-factor view model")
struct SecondFactorViewModelTests {
  let stub = AuthenticationUseCaseStub()
  let viewModel: SecondFactorViewModel
  let history: OutputHistory<SecondFactorViewModel, SecondFactorSeen>

  init() {
    viewModel = SecondFactorViewModel(
      challenge: .sample(username: "alice"), authentication: stub)
    history = OutputHistory(viewModel, see: SecondFactorSeen.of)
    history.record(during: stub.completeCall)
  }

  @Test("a right code: enabled, loading on then off, signed-in step")
  func signsIn() async {
    await history.send(.codeChanged("123456"), .verifyTapped)
    #expect(
      history.values == [
        SecondFactorSeen(),
        SecondFactorSeen(enabled: true),
        SecondFactorSeen(enabled: false, loading: true),
        SecondFactorSeen(enabled: true),
      ])
    #expect(history.steps == [.userDidSignIn(SampleData.newSession)])
    #expect(stub.completeCall.requests == ["123456"])
    #expect(viewModel.username == "alice")
  }

  @Test("a refused code shows why, empties the field, and a new code clears the message")
  func refused() async {
    stub.completeCall.answer(.success(.refused(.incorrectCode)))
    await history.send(.codeChanged("000000"), .verifyTapped, .codeChanged("1"))
    #expect(
      history.values == [
        SecondFactorSeen(),
        SecondFactorSeen(enabled: true),
        SecondFactorSeen(enabled: false, loading: true),
        SecondFactorSeen(enabled: false, error: AuthMessages.incorrectCode),
        SecondFactorSeen(enabled: true),
      ])
    #expect(history.steps.isEmpty)
  }

  @Test("a missing key is named, not hidden behind the unexpected sentence")
  func keyUnavailable() async {
    stub.completeCall.answer(.failure(.secondFactor(.keyUnavailable("No key file at /k"))))
    await history.send(.codeChanged("000000"), .verifyTapped)
    #expect(history.values.last == SecondFactorSeen(enabled: false, error: "No key file at /k"))
    #expect(viewModel.failure == .keyUnavailable("No key file at /k"))
  }

  @Test("nothing typed: submit disabled and calls nothing; cancel goes back")
  func emptyAndCancel() async {
    await history.send(.codeChanged("   "), .verifyTapped, .cancelTapped)
    #expect(history.values == Array(repeating: SecondFactorSeen(), count: 4))
    #expect(stub.completeCall.requests.isEmpty)
    #expect(history.steps == [.userIntendsToGoBack])
  }
}
