import AuthCore
import AuthViewModels

/// The four use-case stubs together, and the `AuthUseCases` they make: what the route table,
/// the coordinator and a whole flow run over in a preview or a test.
public struct StubUseCases: Sendable {
  /// Signs in, with its second factor and new-password steps.
  public let authentication: AuthenticationUseCaseStub
  /// Creates accounts.
  public let signUp: SignUpUseCaseStub
  /// Reads and ends sessions.
  public let sessions: SessionUseCaseStub
  /// Changes passwords.
  public let changePassword: ChangePasswordUseCaseStub

  /// Every stub with its default script, unless one is given.
  public init(
    authentication: AuthenticationUseCaseStub = AuthenticationUseCaseStub(),
    signUp: SignUpUseCaseStub = SignUpUseCaseStub(),
    sessions: SessionUseCaseStub = SessionUseCaseStub(),
    changePassword: ChangePasswordUseCaseStub = ChangePasswordUseCaseStub()
  ) {
    self.authentication = authentication
    self.signUp = signUp
    self.sessions = sessions
    self.changePassword = changePassword
  }

  /// The stubs as the use cases a scene or the coordinator takes.
  public var useCases: AuthUseCases {
    AuthUseCases(
      authentication: authentication, signUp: signUp, sessions: sessions,
      changePassword: changePassword)
  }

  /// The scene of `route` over the stubs, signed in with the sample token.
  @MainActor
  public func scene(of route: AuthRoute) -> AuthScene {
    route.scene(using: useCases, token: SampleData.token)
  }
}
