import AuthCore

/// The home scene once signed in: who, since when, until when; and the ways
/// on (sessions, password change), out (sign out here or everywhere) and away.
@MainActor
public final class AccountViewModel: BaseViewModel, ViewModelType {
  /// The user's actions and the scene's lifecycle.
  public typealias Input = SceneInput<AccountInputs>
  /// What the scene shows.
  public let output = AccountOutputs()
  private let token: SessionToken
  private let sessions: any SessionUseCase

  /// Takes the session's token and the use case that reads and ends sessions.
  public init(token: SessionToken, sessions: any SessionUseCase) {
    self.token = token
    self.sessions = sessions
    super.init()
  }

  /// Steps on, or signs out and then steps.
  public func send(_ action: AccountInputs) async {
    switch action {
    case .sessionsRequested: navigator.emit(.userIntendsToSeeSessions)
    case .changePasswordRequested: navigator.emit(.userIntendsToChangePassword)
    case .quitRequested: navigator.emit(.userIntendsToQuit)
    case .signOutRequested:
      await run { viewModel in
        try await viewModel.sessions.signOut(token: viewModel.token)
      }
    case .signOutEverywhereRequested:
      await run { viewModel in
        viewModel.output.endedSessions = try await viewModel.sessions.signOutEverywhere(
          token: viewModel.token)
      }
    }
  }

  /// Loads the session when shown; leaving the scene leaves the program, signed in.
  public func send(lifecycle event: SceneLifecycle) async {
    switch event {
    case .appeared: await load()
    case .dismissed: navigator.emit(.userIntendsToQuit)
    }
  }

  private func load() async {
    guard !output.isLoading else { return }
    output.isLoading = true
    output.failure = nil
    do {
      let current = try await sessions.currentSession(token: token)
      output.username = current.user.username
      output.signedInAt = current.session.createdAt
      output.expiresAt = current.session.expiresAt
    } catch {
      let failure = AccountFailure(thrown: error)
      output.failure = failure
      if failure == .sessionEnded { navigator.emit(.userIsNotSignedIn) }
    }
    output.isLoading = false
  }

  /// Runs a sign-out; success (or a session already over) steps to signed out.
  private func run(_ signOut: (AccountViewModel) async throws -> Void) async {
    guard !output.isLoading else { return }
    output.isLoading = true
    output.failure = nil
    var didSignOut = false
    do {
      try await signOut(self)
      didSignOut = true
    } catch AuthError.notSignedIn {
      didSignOut = true
    } catch {
      output.failure = AccountFailure(thrown: error)
    }
    output.isLoading = false
    if didSignOut { navigator.emit(.userDidSignOut) }
  }
}
