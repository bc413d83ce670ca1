// The app's accounts tool: `app-accounts DATABASE USERNAME EMAIL` opens (creating and
// migrating) the app's database, signs USERNAME up with the password read from standard
// input's first line, and keeps EMAIL in the account's profile. The stock `authcli` works
// on the file afterwards.
import AppAccounts
import AuthCore

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3, let password = readLine() else {
  print("usage: app-accounts DATABASE USERNAME EMAIL < password")
  throw AppAccountsFailure.usage
}
let (path, username, email) = (arguments[0], arguments[1], arguments[2])
let store = try AppStore(path: path)
defer { store.close() }
let services = try AuthServices.app(store: store)
let request = SignUpRequest(username: username, password: password, confirmation: password)
switch try await services.signUp.signUp(request: request) {
case .signedUp(let first):
  let user = first.authenticated.user
  try store.save(Profile(email: email, displayName: username), for: user.id)
  guard let profile = try store.profile(of: user.id) else {
    throw AppAccountsFailure.profileMissing
  }
  print("Signed up \(user.username) <\(profile.email)>.")
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
  /// The profile just written could not be read back.
  case profileMissing
}
