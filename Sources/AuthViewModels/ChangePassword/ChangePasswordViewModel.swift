import AuthCore

/// The password-change form: checks the fields as typed (the new password
/// against the signed-in username too), changes the password through the use
/// case, shows how many other sessions ended, and steps back.
@MainActor
public final class ChangePasswordViewModel: BaseViewModel, ViewModelType {
  /// The user's actions and the scene's lifecycle.
  public typealias Input = SceneInput<ChangePasswordInputs>
  /// What the form shows.
  public let output = ChangePasswordOutputs()
  private let token: SessionToken
  private let changePassword: any ChangePasswordUseCase
  private let sessions: any SessionUseCase
  private var username = ""
  private var request = ChangePasswordRequest(
    currentPassword: "", newPassword: "", confirmation: "")
  private var editedFields: Set<Field> = []
  private var refusals: [Field: SubmitRefusal] = [:]

  private enum Field { case current, new, confirmation }

  /// Takes the session's token, the use case that changes passwords, and the
  /// one that says whose session it is.
  public init(
    token: SessionToken, changePassword: any ChangePasswordUseCase, sessions: any SessionUseCase
  ) {
    self.token = token
    self.changePassword = changePassword
    self.sessions = sessions
    super.init()
    refresh()
  }

  /// Records an edit, submits, or steps back.
  public func send(_ action: ChangePasswordInputs) async {
    switch action {
    case .currentPasswordChanged(let text): edit(.current) { $0.currentPassword = text }
    case .newPasswordChanged(let text): edit(.new) { $0.newPassword = text }
    case .confirmationChanged(let text): edit(.confirmation) { $0.confirmation = text }
    case .changeRequested: await submit()
    case .backRequested: navigator.emit(.userIntendsToGoBack)
    }
  }

  /// Learns the username when shown (the new password must not contain it);
  /// leaving goes back.
  public func send(lifecycle event: SceneLifecycle) async {
    switch event {
    case .appeared: await loadUsername()
    case .dismissed: navigator.emit(.userIntendsToGoBack)
    }
  }

  private func loadUsername() async {
    guard !output.isLoading else { return }
    output.isLoading = true
    do {
      username = try await sessions.currentSession(token: token).user.username
    } catch {
      fail(ChangePasswordFailure(thrown: error))
    }
    output.isLoading = false
    refresh()
  }

  private func edit(_ field: Field, _ change: (inout ChangePasswordRequest) -> Void) {
    change(&request)
    editedFields.insert(field)
    output.failure = nil
    refresh()
  }

  private func refresh() {
    let live = changePassword.validate(request, username: username)
    let shown = ChangePasswordValidation(
      currentPassword: SubmitRefusal.shown(
        live.currentPassword, refusal: refusals[.current], text: request.currentPassword),
      newPassword: SubmitRefusal.shown(
        live.newPassword, refusal: refusals[.new], text: request.newPassword),
      confirmation: SubmitRefusal.shown(
        live.confirmation, refusal: refusals[.confirmation], text: request.confirmation))
    output.currentPasswordValidation =
      editedFields.contains(.current) ? shown.currentPassword : nil
    output.newPasswordValidation = editedFields.contains(.new) ? shown.newPassword : nil
    output.confirmationValidation =
      editedFields.contains(.confirmation) ? shown.confirmation : nil
    output.isChangeEnabled = shown.isValid && !output.isLoading
  }

  private func submit() async {
    guard !output.isLoading else { return }
    // A refused submit shows every field's reason, edited or not.
    editedFields = [.current, .new, .confirmation]
    refresh()
    guard output.isChangeEnabled else { return }
    output.failure = nil
    output.isLoading = true
    refresh()
    var endedSessions: Int?
    do {
      switch try await changePassword.changePassword(token: token, request: request) {
      case .changed(let count): endedSessions = count
      case .invalid(let validation): remember(validation)
      case .refused(let refusal):
        refusals[.current] = SubmitRefusal(
          message: refusal.description, text: request.currentPassword)
        output.failure = .currentPasswordRefused(refusal)
      }
    } catch {
      fail(ChangePasswordFailure(thrown: error))
    }
    output.endedSessions = endedSessions
    output.isLoading = false
    refresh()
    if let endedSessions { navigator.emit(.userDidChangePassword(endedSessions: endedSessions)) }
  }

  /// Shows a failure; a dead session also steps away.
  private func fail(_ failure: ChangePasswordFailure) {
    output.failure = failure
    if failure == .sessionEnded { navigator.emit(.userIsNotSignedIn) }
  }

  private func remember(_ validation: ChangePasswordValidation) {
    refusals[.current] = SubmitRefusal(validation.currentPassword, text: request.currentPassword)
    refusals[.new] = SubmitRefusal(validation.newPassword, text: request.newPassword)
    refusals[.confirmation] = SubmitRefusal(validation.confirmation, text: request.confirmation)
  }
}
