import AuthCore
import AuthViewModelPreviews
import AuthViewModels
import Testing

/// A marker password typed into every field of every scene never shows in any way a
/// value can print itself: description, debugDescription, interpolation, dump, Mirror.
@MainActor
@Suite("Secrets never in descriptions")
struct RedactionTests {
  static let marker = "Marker-Passphrase-4711-QX"

  /// Every way of printing `value`, joined.
  func printed(_ value: Any) -> String {
    var dumped = ""
    dump(value, to: &dumped)
    let children = Mirror(reflecting: value).children.map { "\($0.label ?? ""): \($0.value)" }
    return [
      String(describing: value), String(reflecting: value), "\(value)", dumped,
      children.joined(separator: ", "),
    ].joined(separator: "\n")
  }

  func expectNoMarker(
    _ values: [Any], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for value in values {
      let text = printed(value)
      #expect(!text.contains(Self.marker), "\(text)", sourceLocation: sourceLocation)
      #expect(!text.lowercased().contains(Self.marker.lowercased()), sourceLocation: sourceLocation)
    }
  }

  @Test func signIn() async {
    let stub = AuthenticationUseCaseStub(answer: .success(.invalid(errorMessage: "no")))
    let viewModel = SignInViewModel(authentication: stub)
    viewModel.inputs.username = "alice"
    viewModel.inputs.password = Self.marker
    await viewModel.inputs.signInTapped()
    #expect(stub.signInCall.requests.count == 1)
    #expect(viewModel.outputs.failure == .refused)
    expectNoMarker([
      viewModel, viewModel.inputs, viewModel.outputs, viewModel.outputs.passwordValidation as Any,
      stub.signInCall.requests, SignInViewEvent.passwordChanged(Self.marker),
    ])
    let preview = await SignInViewModelPreview.make(.ready)
    preview.password = Self.marker
    expectNoMarker([preview, preview.inputs, preview.outputs])
  }

  @Test func signUp() async {
    let stub = SignUpUseCaseStub()
    let viewModel = SignUpViewModel(signUp: stub)
    viewModel.inputs.username = "alice"
    viewModel.inputs.password = Self.marker
    viewModel.inputs.confirmation = Self.marker
    await viewModel.inputs.signUpTapped()
    #expect(stub.signUpCall.requests.count == 1)
    expectNoMarker([
      viewModel, viewModel.inputs, viewModel.outputs, viewModel.outputs.passwordValidation as Any,
      stub.signUpCall.requests, SignUpViewEvent.passwordChanged(Self.marker),
      SignUpViewEvent.confirmationChanged(Self.marker),
    ])
    let preview = await SignUpViewModelPreview.make(.ready)
    preview.password = Self.marker
    preview.confirmation = Self.marker
    expectNoMarker([preview, preview.inputs, preview.outputs])
  }

  @Test func changePassword() async {
    let stub = ChangePasswordUseCaseStub(answer: .success(.refused(.incorrect)))
    let viewModel = ChangePasswordViewModel(
      token: SampleData.token, changePassword: stub, sessions: SessionUseCaseStub())
    await viewModel.inputs.viewDidAppear()
    viewModel.inputs.currentPassword = Self.marker
    viewModel.inputs.newPassword = Self.marker + " but longer"
    viewModel.inputs.confirmation = Self.marker + " but longer"
    await viewModel.inputs.changeTapped()
    #expect(viewModel.outputs.failure == .currentPasswordRefused(.incorrect))
    expectNoMarker([
      viewModel, viewModel.inputs, viewModel.outputs,
      viewModel.outputs.currentPasswordValidation as Any, viewModel.outputs.failure as Any,
      stub.changePasswordCall.requests,
      ChangePasswordViewEvent.currentPasswordChanged(Self.marker),
      ChangePasswordViewEvent.newPasswordChanged(Self.marker),
      ChangePasswordViewEvent.confirmationChanged(Self.marker),
    ])
    let preview = await ChangePasswordViewModelPreview.make(.ready)
    preview.currentPassword = Self.marker
    preview.newPassword = Self.marker
    preview.confirmation = Self.marker
    expectNoMarker([preview, preview.inputs, preview.outputs])
  }

  @Test("scenes without password fields print nothing typed either")
  func theOtherScenes() async {
    let sessions = SessionUseCaseStub()
    let account = AccountViewModel(token: SampleData.token, sessions: sessions)
    await account.inputs.viewDidAppear()
    let list = SessionsViewModel(token: SampleData.token, sessions: sessions)
    await list.inputs.viewDidAppear()
    let start = AuthenticateViewModel(notice: "Signed out.")
    expectNoMarker([
      account, account.inputs, account.outputs, list, list.inputs, list.outputs, start,
      start.inputs, start.outputs,
    ])
  }

  @Test("a streamed password is redacted in the stream's events and in the outputs")
  func transform() async {
    let viewModel = SignInViewModel(authentication: AuthenticationUseCaseStub())
    let (view, toView) = AsyncStream.makeStream(of: SignInViewEvent.self)
    let (controller, toController) = AsyncStream.makeStream(of: SceneLifecycle.self)
    let output = viewModel.transform(input: SceneInput(fromView: view, fromController: controller))
    toView.yield(.passwordChanged(Self.marker))
    toView.finish()
    toController.finish()
    await output.binding.value
    #expect(viewModel.password == Self.marker)
    expectNoMarker([output, output.outputs, viewModel])
  }
}
