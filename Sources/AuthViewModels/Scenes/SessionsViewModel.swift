import AuthCore
import Observation

/// What the sessions list reports.
public enum SessionsStep: Hashable, Sendable {
  /// The user intends to go back.
  case userIntendsToGoBack
  /// The user's own session turned out to be over.
  case userIsNotSignedIn
}

/// Why the sessions list could not load or end a session. The description is the
/// message shown.
public enum SessionsFailure: Error, Equatable, Sendable, CustomStringConvertible,
  SceneFailure
{
  /// The id is not one of the user's sessions, or that session already ended.
  case sessionNotFound
  /// The user's own session is over; the scene also steps with `userIsNotSignedIn`.
  case sessionEnded
  /// Another process held the database.
  case busy
  /// Anything else; the scene shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .sessionNotFound: SceneMessages.sessionNotFound
    case .sessionEnded: SceneMessages.sessionEnded
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }

  /// What a use case threw, as the list shows it.
  init(_ error: AuthError) {
    switch error {
    case .sessionNotFound: self = .sessionNotFound
    case .notSignedIn: self = .sessionEnded
    case .store(.busy): self = .busy
    case .administration, .store, .hashing, .tokens, .secondFactor:
      self = .unexpected(UnexpectedFailure(error))
    }
  }
}

/// The sessions list's view events, for `transform(input:)`.
public enum SessionsViewEvent: Hashable, Sendable {
  /// The user asked to end one session, by its id.
  case revokeTapped(SessionID)
  /// The user asked to reload the list.
  case refreshTapped
  /// The user asked to go back.
  case backTapped
}

/// What a sessions view calls.
@MainActor
public protocol SessionsViewModelInputs: SceneLifecycleInputs {
  /// Call when the user asks to end one session; returns once the list shows the result.
  func revokeTapped(_ id: SessionID) async
  /// Call when the user asks to reload the list; returns once it is loaded.
  func refreshTapped() async
  /// Call when the user asks to go back.
  func backTapped()
}

/// What a sessions view shows.
@MainActor
public protocol SessionsViewModelOutputs: AnyObject {
  /// Shows the user's sessions, newest first, the current one marked.
  var sessions: [SessionSummary] { get }
  /// Shows the session the last revoke ended.
  var revokedSession: SessionID? { get }
  /// Shows that the list is loading or a revoke is running.
  var isLoading: Bool { get }
  /// Shows why the last action failed; its description is the message.
  var failure: SessionsFailure? { get }
}

/// A sessions view model as a view sees it.
@MainActor
public protocol SessionsViewModelType: SceneViewModelType where NavigationStep == SessionsStep {
  /// What the view calls; settable for symmetry with the forms' bindings.
  var inputs: any SessionsViewModelInputs { get set }
  /// What the view renders.
  var outputs: any SessionsViewModelOutputs { get }
}

/// The signed-in user's sessions: lists them, ends one, lists them again.
@MainActor
@Observable
public final class SessionsViewModel: BaseViewModel<SessionsStep>, SessionsViewModelType,
  SessionsViewModelInputs, SessionsViewModelOutputs, ViewEventHandling, SceneActions
{
  /// Itself; assigning another object changes nothing.
  public var inputs: any SessionsViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any SessionsViewModelOutputs { self }

  /// Shows the user's sessions.
  public private(set) var sessions: [SessionSummary] = []
  /// Shows the session the last revoke ended.
  public private(set) var revokedSession: SessionID?
  /// Shows that something is running.
  public internal(set) var isLoading = false
  /// Shows why the last action failed.
  public internal(set) var failure: SessionsFailure?

  @ObservationIgnored private let token: SessionToken
  @ObservationIgnored private let useCase: any SessionUseCase

  /// Takes the session's token and the use case that lists and ends sessions.
  public init(token: SessionToken, sessions: any SessionUseCase) {
    self.token = token
    self.useCase = sessions
    super.init()
  }

  /// Loads the list.
  public func viewDidAppear() async { await refreshTapped() }
  /// Leaving goes back.
  public func viewDidDismiss() { navigator.emit(.userIntendsToGoBack) }
  /// Steps back.
  public func backTapped() { navigator.emit(.userIntendsToGoBack) }

  /// Reloads the list.
  public func refreshTapped() async {
    await perform { () throws(AuthError) in
      try await fetch()
      return nil
    }
  }

  /// Ends a session, then shows the list as it is now (also after a refusal, since the
  /// refusal may come from a list that was out of date).
  public func revokeTapped(_ id: SessionID) async {
    await perform { () throws(AuthError) in
      revokedSession = nil
      do throws(AuthError) {
        try await useCase.revokeSession(id, token: token)
        revokedSession = id
      } catch let error where error != .notSignedIn {
        failure = SessionsFailure(error)
      }
      try await fetch()
      return nil
    }
  }

  /// Calls the input the event names: the one place an event becomes an input.
  public func handle(_ event: SessionsViewEvent) async {
    switch event {
    case .revokeTapped(let id): await revokeTapped(id)
    case .refreshTapped: await refreshTapped()
    case .backTapped: backTapped()
    }
  }

  /// A dead session leaves the scene; any other failure stays on it.
  func step(after failure: SessionsFailure) -> SessionsStep? {
    failure == .sessionEnded ? .userIsNotSignedIn : nil
  }

  /// Loads the list; a list that cannot be loaded shows empty.
  private func fetch() async throws(AuthError) {
    do {
      sessions = try await useCase.listSessions(token: token)
    } catch {
      sessions = []
      throw error
    }
  }
}
