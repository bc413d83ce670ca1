import AuthCore

/// The signed-in user's sessions: lists them, ends one, lists them again.
@MainActor
public final class SessionsViewModel: BaseViewModel, ViewModelType {
  /// The user's actions and the scene's lifecycle.
  public typealias Input = SceneInput<SessionsInputs>
  /// What the scene shows.
  public let output = SessionsOutputs()
  private let token: SessionToken
  private let sessions: any SessionUseCase

  /// Takes the session's token and the use case that lists and ends sessions.
  public init(token: SessionToken, sessions: any SessionUseCase) {
    self.token = token
    self.sessions = sessions
    super.init()
  }

  /// Revokes, reloads, or steps back.
  public func send(_ action: SessionsInputs) async {
    switch action {
    case .revokeRequested(let id): await revoke(id)
    case .refreshRequested: await reload()
    case .backRequested: navigator.emit(.userIntendsToGoBack)
    }
  }

  /// Loads the list when shown; leaving goes back.
  public func send(lifecycle event: SceneLifecycle) async {
    switch event {
    case .appeared: await reload()
    case .dismissed: navigator.emit(.userIntendsToGoBack)
    }
  }

  private func reload() async {
    guard !output.isLoading else { return }
    output.isLoading = true
    output.failure = nil
    await fetch()
    output.isLoading = false
  }

  /// Ends a session, then shows the list as it is now (also after a refusal,
  /// since the refusal may come from a list that was out of date).
  private func revoke(_ id: SessionID) async {
    guard !output.isLoading else { return }
    output.isLoading = true
    output.failure = nil
    output.revokedSession = nil
    do {
      try await sessions.revokeSession(id, token: token)
      output.revokedSession = id
      await fetch()
    } catch {
      let failure = SessionsFailure(thrown: error)
      output.failure = failure
      if failure == .sessionEnded {
        navigator.emit(.userIsNotSignedIn)
      } else {
        await fetch()
      }
    }
    output.isLoading = false
  }

  private func fetch() async {
    do {
      output.sessions = try await sessions.listSessions(token: token)
    } catch {
      output.sessions = []
      let failure = SessionsFailure(thrown: error)
      output.failure = failure
      if failure == .sessionEnded { navigator.emit(.userIsNotSignedIn) }
    }
  }
}
