#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AuthPolicy {
  /// The sign-up rules for a new account's name and password. The password is checked
  /// against the username only once the username itself is valid, so a half-typed name
  /// (say, one letter) does not make every password containing it "wrong".
  func checkNewAccount(
    username: String, password: String
  ) -> (username: Validation<Username>, password: Validation<Password>) {
    let checkedName = Username.validate(username, rules: self.username)
    let checkedPassword = Password.validate(
      password, username: checkedName.asValidated?.canonical ?? "", rules: self.password)
    return (checkedName, checkedPassword)
  }
}

extension AuthStore {
  /// Runs a write that gives an account a name, answering `nil` when the store's uniqueness
  /// constraint finds the name taken: the schema decides a race for a name, never a check
  /// before the write.
  func writeUnlessNameTaken<T: Sendable>(
    _ work: (any AuthStoreContext) throws(AuthError) -> T
  ) async throws(AuthError) -> T? {
    do throws(AuthError) {
      return try await write(work)
    } catch {
      guard error == .store(.usernameTaken) else { throw error }
      return nil
    }
  }
}

extension AuthStoreContext {
  /// Inserts a new account. Failures guessed against the name before it had an account
  /// are not the owner's, so its throttle starts clear.
  func insertAccount(
    username: Username, passwordHash: String, at now: Date
  ) throws(AuthError) -> User {
    let user = try insertUser(username: username, passwordHash: passwordHash, at: now)
    try clearThrottleState(for: username.canonical)
    return user
  }
}
