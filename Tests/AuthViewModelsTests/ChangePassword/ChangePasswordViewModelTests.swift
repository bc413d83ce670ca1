import AuthCore
import AuthTestSupport
import AuthViewModelPreviews
import AuthViewModels
import Testing

@MainActor
@Suite("Change-password view model")
struct ChangePasswordViewModelTests {
  let stub = ChangePasswordUseCaseStub()
  let sessions = SessionUseCaseStub()
  let token = SessionToken(rawValue: "change-token")
  let viewModel: ChangePasswordViewModel
  let history: OutputHistory<ChangePasswordViewModel, ChangePasswordSeen>

  init() {
    viewModel = ChangePasswordViewModel(token: token, changePassword: stub, sessions: sessions)
    history = OutputHistory(viewModel, see: ChangePasswordSeen.of)
    history.record(during: stub.changePasswordCall)
  }

  private let old = Fields.password("old passphrase here")
  private let new = Fields.password("a brand new long passphrase")

  private func fillIn() async {
    await history.send(
      .currentPasswordChanged("old passphrase here"),
      .newPasswordChanged("a brand new long passphrase"),
      .confirmationChanged("a brand new long passphrase"))
  }

  @Test("valid fields: loading on then off, ended sessions shown, then the step")
  func changes() async {
    await history.send(lifecycle: .appeared)
    await fillIn()
    await history.send(.changeTapped)

    #expect(
      Array(history.values.dropFirst(2)) == [
        ChangePasswordSeen(current: old),
        ChangePasswordSeen(current: old, new: new),
        ChangePasswordSeen(current: old, new: new, confirmation: new, enabled: true),
        ChangePasswordSeen(current: old, new: new, confirmation: new, loading: true),
        ChangePasswordSeen(current: old, new: new, confirmation: new, enabled: true, ended: 2),
      ])
    #expect(history.steps == [.userDidChangePassword(endedSessions: 2)])
    #expect(stub.changePasswordCall.requests.map(\.token) == [token])
    #expect(sessions.currentSessionCall.requests == [token])
  }

  @Test("the new password is checked against the signed-in username, once loaded")
  func containsUsername() async {
    await history.send(.newPasswordChanged("alice and her long passphrase"))
    await history.send(lifecycle: .appeared)

    #expect(
      Array(history.values.dropFirst()) == [
        ChangePasswordSeen(new: Fields.password("alice and her long passphrase")),
        ChangePasswordSeen(new: Fields.refused(StubRules.passwordContainsUsername)),
      ])
  }

  @Test("each invalid field shows its reason; a submit while invalid calls nothing")
  func invalidFields() async {
    await history.send(
      .newPasswordChanged("short"), .newPasswordChanged("passwordpassword"),
      .confirmationChanged("something else"), .changeTapped)

    #expect(
      Array(history.values.dropFirst()) == [
        ChangePasswordSeen(new: Fields.refused(StubRules.passwordTooShort)),
        ChangePasswordSeen(new: Fields.refused(StubRules.passwordTooCommon)),
        ChangePasswordSeen(
          new: Fields.refused(StubRules.passwordTooCommon),
          confirmation: Fields.refused(StubRules.passwordsDoNotMatch)),
        ChangePasswordSeen(
          current: Fields.refused(StubRules.enterCurrentPassword),
          new: Fields.refused(StubRules.passwordTooCommon),
          confirmation: Fields.refused(StubRules.passwordsDoNotMatch)),
      ])
    #expect(stub.changePasswordCall.requests.isEmpty)
    #expect(history.steps.isEmpty)
  }

  @Test("an incorrect current password stays on its field until it changes")
  func incorrectCurrent() async {
    stub.changePasswordCall.answer(.success(.refused(.incorrect)))

    await fillIn()
    await history.send(.changeTapped, .currentPasswordChanged("old passphrase, really"))

    #expect(
      Array(history.values.suffix(3)) == [
        ChangePasswordSeen(current: old, new: new, confirmation: new, loading: true),
        ChangePasswordSeen(
          current: Fields.refused("Current password is incorrect", reason: .refused), new: new,
          confirmation: new,
          error: "Current password is incorrect"),
        ChangePasswordSeen(
          current: Fields.password("old passphrase, really"), new: new, confirmation: new,
          enabled: true),
      ])
    #expect(history.steps.isEmpty)
  }

  @Test("a dead token steps to not signed in; a busy database is a message")
  func failures() async {
    stub.changePasswordCall.answers = [.failure(.store(.busy)), .failure(AuthError.notSignedIn)]

    await fillIn()
    await history.send(.changeTapped)
    #expect(
      history.values.last
        == ChangePasswordSeen(
          current: old, new: new, confirmation: new, enabled: true, error: SceneMessages.busy))
    #expect(history.steps.isEmpty)

    await history.send(.changeTapped)
    #expect(history.steps == [.userIsNotSignedIn])
  }

  @Test("back and leaving are steps back, changing nothing")
  func back() async {
    await history.send(.backTapped)
    await history.send(lifecycle: .dismissed)
    #expect(history.steps == [.userIntendsToGoBack, .userIntendsToGoBack])
    #expect(stub.changePasswordCall.requests.isEmpty)
  }
}
