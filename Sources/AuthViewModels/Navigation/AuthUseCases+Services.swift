import AuthCore

extension AuthUseCases {
  /// The scenes' use cases out of `AuthServices`, the one bundle every use case is wired in:
  /// an app builds the services over its ports and hands the scenes this view of them.
  /// Previews and tests that stub a use case call the memberwise initialiser instead.
  public init(_ services: AuthServices) {
    self.init(
      authentication: services.signIn, signUp: services.signUp, sessions: services.sessions,
      changePassword: services.changePassword)
  }
}
