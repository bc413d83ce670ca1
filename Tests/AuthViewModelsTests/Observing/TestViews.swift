import AuthViewModels

/// The test front end's views, each generic over its scene's `…ViewModelType` the way a
/// SwiftUI view is, reading `outputs` (and the fields' text through `inputs`).
struct SignInTestView<ViewModel: SignInViewModelType>: TestView {
  let viewModel: ViewModel
  var username: TestBinding<String> { TestBindable(viewModel).inputs.username }
  var password: TestBinding<String> { TestBindable(viewModel).inputs.password }

  func body() -> String {
    let outputs = viewModel.outputs
    return [
      "username [\(username.wrappedValue)] \(outputs.usernameValidation?.errorMessage ?? "")",
      "password [\(String(repeating: "•", count: password.wrappedValue.count))] "
        + (outputs.passwordValidation?.errorMessage ?? ""),
      outputs.isLoading ? "Signing in…" : "[Sign in\(outputs.isSignInEnabled ? "" : " (off)")]",
      outputs.failure?.description ?? "",
    ].joined(separator: " | ")
  }
}

/// Only the submit button of the sign-in form: it reads nothing else.
struct SignInButtonTestView<ViewModel: SignInViewModelType>: TestView {
  let viewModel: ViewModel
  func body() -> String { viewModel.outputs.isSignInEnabled ? "[Sign in]" : "[Sign in (off)]" }
}

/// Only the sign-in form's loading line: it reads nothing that typing changes.
struct SignInLoadingTestView<ViewModel: SignInViewModelType>: TestView {
  let viewModel: ViewModel
  func body() -> String { viewModel.outputs.isLoading ? "Signing in…" : "idle" }
}

struct SignUpTestView<ViewModel: SignUpViewModelType>: TestView {
  let viewModel: ViewModel
  var username: TestBinding<String> { TestBindable(viewModel).inputs.username }
  var password: TestBinding<String> { TestBindable(viewModel).inputs.password }
  var confirmation: TestBinding<String> { TestBindable(viewModel).inputs.confirmation }

  func body() -> String {
    let outputs = viewModel.outputs
    return [
      outputs.usernameValidation?.errorMessage ?? "-",
      outputs.passwordValidation?.errorMessage ?? "-",
      outputs.confirmationValidation?.errorMessage ?? "-",
      outputs.isLoading ? "Creating…" : (outputs.isSignUpEnabled ? "[Create]" : "[Create (off)]"),
      outputs.failure?.description ?? "",
    ].joined(separator: " | ")
  }
}

struct AuthenticateTestView<ViewModel: AuthenticateViewModelType>: TestView {
  let viewModel: ViewModel
  func body() -> String { "\(viewModel.outputs.notice ?? "") [Sign in] [Sign up] [Quit]" }
}

struct SecondFactorTestView<ViewModel: SecondFactorViewModelType>: TestView {
  let viewModel: ViewModel
  func body() -> String {
    let outputs = viewModel.outputs
    if outputs.isLoading { return "Checking…" }
    return "Code for \(outputs.username) [Verify\(outputs.isVerifyEnabled ? "" : " (off)")]"
      + (outputs.failure.map { " ! \($0)" } ?? "")
  }
}

struct NewPasswordTestView<ViewModel: NewPasswordViewModelType>: TestView {
  let viewModel: ViewModel
  func body() -> String {
    let outputs = viewModel.outputs
    if outputs.isLoading { return "Storing…" }
    return "New password for \(outputs.username) [Choose\(outputs.isChooseEnabled ? "" : " (off)")]"
      + (outputs.failure.map { " ! \($0)" } ?? "")
  }
}

struct AccountTestView<ViewModel: AccountViewModelType>: TestView {
  let viewModel: ViewModel
  func body() -> String {
    let outputs = viewModel.outputs
    if outputs.isLoading { return "Loading…" }
    if let failure = outputs.failure { return "! \(failure)" }
    return "Signed in as \(outputs.username ?? "?")"
      + (outputs.endedSessions.map { ", \($0) sessions ended" } ?? "")
  }
}

struct SessionsTestView<ViewModel: SessionsViewModelType>: TestView {
  let viewModel: ViewModel
  func body() -> String {
    let outputs = viewModel.outputs
    let ids = outputs.sessions.map { "\($0.session.id)\($0.isCurrent ? "*" : "")" }
    return (outputs.isLoading ? "Loading… " : "") + ids.joined(separator: ",")
      + (outputs.revokedSession.map { " revoked \($0)" } ?? "")
      + (outputs.failure.map { " ! \($0)" } ?? "")
  }
}

struct ChangePasswordTestView<ViewModel: ChangePasswordViewModelType>: TestView {
  let viewModel: ViewModel
  var current: TestBinding<String> { TestBindable(viewModel).inputs.currentPassword }
  var new: TestBinding<String> { TestBindable(viewModel).inputs.newPassword }
  var confirmation: TestBinding<String> { TestBindable(viewModel).inputs.confirmation }

  func body() -> String {
    let outputs = viewModel.outputs
    return [
      outputs.currentPasswordValidation?.errorMessage ?? "-",
      outputs.newPasswordValidation?.errorMessage ?? "-",
      outputs.confirmationValidation?.errorMessage ?? "-",
      outputs.isLoading ? "Changing…" : (outputs.isChangeEnabled ? "[Change]" : "[Change (off)]"),
      outputs.endedSessions.map { "\($0) ended" } ?? "",
      outputs.failure?.description ?? "",
    ].joined(separator: " | ")
  }
}
