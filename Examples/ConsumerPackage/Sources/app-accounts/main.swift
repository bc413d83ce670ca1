// The app's accounts tool: `app-accounts DATABASE USERNAME` opens (creating and migrating)
// the app's database and signs USERNAME up with the password read from standard input's
// first line. The stock `authcli` works on the file afterwards.
import AppAccounts
import AuthCore

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let path = arguments.first, let username = arguments.last,
  let password = readLine()
else {
  print("usage: app-accounts DATABASE USERNAME < password")
  throw AppAccountsFailure.usage
}
let store = try AppStore(path: path)
defer { store.close() }
let services = try AuthServices.app(store: store)
let request = SignUpRequest(username: username, password: password, confirmation: password)
switch try await services.signUp.signUp(request: request) {
case .signedUp(let first): print("Signed up \(first.authenticated.user.username).")
case .invalid(let verdict):
  print("Refused:", verdict.username.errorMessage ?? "", verdict.password.errorMessage ?? "")
  throw AppAccountsFailure.refused
}

/// Why the tool stopped.
enum AppAccountsFailure: Error {
  /// The arguments or the password line were missing.
  case usage
  /// The account was refused.
  case refused
}
