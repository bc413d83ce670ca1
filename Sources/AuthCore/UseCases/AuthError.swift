/// Everything a use case throws: its own refusals beyond field validation, and the
/// failures of the ports it works through, each in its own case, so a front end answers
/// every one by an exhaustive `switch`.
public enum AuthError: Error, Hashable, Sendable {
  /// The token is unknown, expired or revoked.
  case notSignedIn
  /// The session is not one of the signed-in user's.
  case sessionNotFound
  /// An operator's request named no account, or was malformed.
  case administration(AdministrationError)
  /// The store failed (busy, a taken name outside sign-up's own answer, the engine).
  case store(StoreError)
  /// The password hasher failed.
  case hashing(PasswordHasherError)
  /// The token source broke its contract.
  case tokens(TokenSourceError)
  /// The second factor could not be used: none enrolled, its key unavailable, a library.
  case secondFactor(SecondFactorError)
}

extension AuthError {
  /// What an `AuthStore` entry point throws for an error out of a unit of work: the work's
  /// own `AuthError` unchanged and a `StoreError` as the store's. The adapters convert their
  /// engine's errors where the context runs a statement, so within the use cases nothing
  /// else arrives; a unit of work may still be written to throw other errors (its error
  /// type is generic, because Swift does not take a closure's thrown type from its context
  /// and every use case's closure would otherwise have to name it), and such an error is a
  /// bug, named by its type.
  public init(unitOfWork error: any Error) {
    switch error {
    case let own as AuthError: self = own
    case let store as StoreError: self = .store(store)
    default:
      self = .store(
        .failed(StoreError.Failure(.unknown, message: "Unexpected failure: \(type(of: error))")))
    }
  }
}
