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

  let stubs = StubUseCases(
    authentication: AuthenticationUseCaseStub(answer: .success(.invalid(errorMessage: "no"))),
    changePassword: ChangePasswordUseCaseStub(answer: .success(.refused(.incorrect))))

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

  @Test(
    "the marker typed into every field of every scene prints nowhere", arguments: AuthRoute.examples
  )
  func everyScene(route: AuthRoute) async {
    let scene = stubs.scene(of: route)
    await scene.viewModel.lifecycle.viewDidAppear()
    expectNoMarker(await typeTheMarker(into: scene.shown))
  }

  /// Types the marker into every field of the scene and submits; returns every value that
  /// may then hold it: the view model and its faces, the events, the requests the use case
  /// received, and the scene's preview with the marker typed.
  func typeTheMarker(into scene: AuthScene.Shown) async -> [Any] {
    switch scene {
    case .authenticate(let viewModel): [viewModel, viewModel.inputs, viewModel.outputs]
    case .signIn(let viewModel): await signIn(viewModel)
    case .signUp(let viewModel): await signUp(viewModel)
    case .secondFactor(let viewModel): await secondFactor(viewModel)
    case .newPassword(let viewModel): await newPassword(viewModel)
    case .account(let viewModel): [viewModel, viewModel.inputs, viewModel.outputs]
    case .sessions(let viewModel): [viewModel, viewModel.inputs, viewModel.outputs]
    case .changePassword(let viewModel): await changePassword(viewModel)
    }
  }

  func signIn(_ viewModel: SignInViewModel) async -> [Any] {
    viewModel.inputs.username = "alice"
    viewModel.inputs.password = Self.marker
    await viewModel.inputs.signInTapped()
    #expect(stubs.authentication.signInCall.requests.count == 1)
    #expect(viewModel.outputs.failure == .refused)
    let preview = await SignInViewModelPreview.make(.ready)
    preview.password = Self.marker
    return [
      viewModel, viewModel.inputs, viewModel.outputs, viewModel.outputs.passwordValidation as Any,
      stubs.authentication.signInCall.requests, SignInViewEvent.passwordChanged(Self.marker),
      preview, preview.inputs, preview.outputs,
    ]
  }

  func newPassword(_ viewModel: NewPasswordViewModel) async -> [Any] {
    viewModel.inputs.newPassword = Self.marker
    viewModel.inputs.confirmation = Self.marker
    await viewModel.inputs.chooseTapped()
    #expect(stubs.authentication.newPasswordCall.requests.count == 1)
    #expect(viewModel.outcome == .userDidSignIn(SampleData.newSession))
    let preview = await NewPasswordViewModelPreview.make(.ready)
    preview.newPassword = Self.marker
    preview.confirmation = Self.marker
    return [
      viewModel, viewModel.inputs, viewModel.outputs,
      viewModel.outputs.newPasswordValidation as Any,
      viewModel.outputs.confirmationValidation as Any,
      stubs.authentication.newPasswordCall.requests,
      NewPasswordViewEvent.newPasswordChanged(Self.marker),
      NewPasswordViewEvent.confirmationChanged(Self.marker), preview, preview.inputs,
      preview.outputs,
    ]
  }

  func signUp(_ viewModel: SignUpViewModel) async -> [Any] {
    viewModel.inputs.username = "alice"
    viewModel.inputs.password = Self.marker
    viewModel.inputs.confirmation = Self.marker
    await viewModel.inputs.signUpTapped()
    #expect(stubs.signUp.signUpCall.requests.count == 1)
    let preview = await SignUpViewModelPreview.make(.ready)
    preview.password = Self.marker
    preview.confirmation = Self.marker
    return [
      viewModel, viewModel.inputs, viewModel.outputs, viewModel.outputs.passwordValidation as Any,
      stubs.signUp.signUpCall.requests, SignUpViewEvent.passwordChanged(Self.marker),
      SignUpViewEvent.confirmationChanged(Self.marker), preview, preview.inputs, preview.outputs,
    ]
  }

  /// The code field holds a recovery code as typed, a secret like a password; it stays in
  /// the field after a code that signs in.
  func secondFactor(_ viewModel: SecondFactorViewModel) async -> [Any] {
    viewModel.inputs.code = Self.marker
    await viewModel.inputs.verifyTapped()
    #expect(stubs.authentication.completeCall.requests == [Self.marker])
    #expect(viewModel.outcome == .userDidSignIn(SampleData.newSession))
    #expect(viewModel.code == Self.marker)
    let preview = await SecondFactorViewModelPreview.make(.ready)
    preview.code = Self.marker
    return [
      viewModel, viewModel.inputs, viewModel.outputs, viewModel.outcome as Any,
      SecondFactorViewEvent.codeChanged(Self.marker), preview, preview.inputs, preview.outputs,
    ]
  }

  func changePassword(_ viewModel: ChangePasswordViewModel) async -> [Any] {
    viewModel.inputs.currentPassword = Self.marker
    viewModel.inputs.newPassword = Self.marker + " but longer"
    viewModel.inputs.confirmation = Self.marker + " but longer"
    await viewModel.inputs.changeTapped()
    #expect(viewModel.outputs.failure == .currentPasswordRefused(.incorrect))
    let preview = await ChangePasswordViewModelPreview.make(.ready)
    preview.currentPassword = Self.marker
    preview.newPassword = Self.marker
    preview.confirmation = Self.marker
    return [
      viewModel, viewModel.inputs, viewModel.outputs,
      viewModel.outputs.currentPasswordValidation as Any, viewModel.outputs.failure as Any,
      stubs.changePassword.changePasswordCall.requests,
      ChangePasswordViewEvent.currentPasswordChanged(Self.marker),
      ChangePasswordViewEvent.newPasswordChanged(Self.marker),
      ChangePasswordViewEvent.confirmationChanged(Self.marker), preview, preview.inputs,
      preview.outputs,
    ]
  }

  @Test("a streamed password is redacted in the stream's events and in the outputs")
  func transform() async {
    let viewModel = SignInViewModel(authentication: AuthenticationUseCaseStub())
    let streams = SceneStreams(of: SignInViewEvent.self)
    let output = viewModel.transform(input: streams.input)
    streams.toView.yield(.passwordChanged(Self.marker))
    streams.finish()
    await output.binding.value
    #expect(viewModel.password == Self.marker)
    expectNoMarker([output, output.outputs, viewModel])
  }
}
