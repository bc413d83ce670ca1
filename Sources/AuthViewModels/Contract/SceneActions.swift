import AuthCore

/// A scene's failure: what a use case threw, sorted into the cases the scene names. Each
/// failure sorts by an exhaustive switch over `AuthError`, so a new kind of error does not
/// compile until every scene has decided what it shows for it. Every scene shows a busy store
/// and anything it does not name alike.
protocol SceneFailure: Error, Equatable {
  /// Another process held the database.
  static var busy: Self { get }
  /// Anything the scene does not name.
  static func unexpected(_ failure: UnexpectedFailure) -> Self
  /// The failure `error` is in this scene.
  init(_ error: AuthError)
}

/// The failure of a scene before a session starts (sign-in, sign-up, new password): its own
/// cases come from the use case's answers, so among the errors it names only a busy store.
protocol SignedOutSceneFailure: SceneFailure {}

extension SignedOutSceneFailure {
  /// What a use case threw, as a scene before a session shows it.
  init(_ error: AuthError) {
    switch error {
    case .store(.busy): self = .busy
    case .notSignedIn, .sessionNotFound, .administration, .store, .hashing, .tokens, .secondFactor:
      self = .unexpected(UnexpectedFailure(error))
    }
  }
}

/// The failure of a scene over the signed-in session that names nothing else among the errors
/// (the account, the password change): a dead session, a busy store, or anything else.
protocol SignedInSceneFailure: SceneFailure {
  /// The session is over.
  static var sessionEnded: Self { get }
}

extension SignedInSceneFailure {
  /// What a use case threw, as a scene over the signed-in session shows it.
  init(_ error: AuthError) {
    switch error {
    case .notSignedIn: self = .sessionEnded
    case .store(.busy): self = .busy
    case .sessionNotFound, .administration, .store, .hashing, .tokens, .secondFactor:
      self = .unexpected(UnexpectedFailure(error))
    }
  }
}

/// A scene whose actions call use cases. It stores only what happened (whether an action
/// runs, why the last one failed) and writes both in one place, `perform(_:)`; its actions
/// say only what they do.
@MainActor
protocol SceneActions: SceneViewModelType {
  /// The scene's failure type.
  associatedtype Failure: SceneFailure
  /// Shows that an action is running; `perform(_:)` writes it.
  var isLoading: Bool { get set }
  /// Shows why the last action failed; `perform(_:)` clears it as an action starts.
  var failure: Failure? { get set }
  /// Where a failure leads: a dead session leaves the scene, anything else stays (`nil`).
  func step(after failure: Failure) -> NavigationStep?
}

extension SceneActions {
  /// Runs one action that calls a use case, the way every scene does: nothing while another
  /// runs; while it runs, `isLoading` on and the last failure gone; what it threw shown as
  /// the scene's failure; `isLoading` off; then the step it returned, or its failure's.
  /// Returns once the outputs show all of that.
  func perform(_ action: () async throws(AuthError) -> NavigationStep?) async {
    guard !isLoading else { return }
    isLoading = true
    failure = nil
    var next: NavigationStep?
    do {
      next = try await action()
    } catch {
      let failure = Failure(error)
      self.failure = failure
      next = step(after: failure)
    }
    isLoading = false
    if let next { navigator.emit(next) }
  }
}
