import AuthCore
import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the home scene reports.
public enum AccountStep: Hashable, Sendable {
  /// The user intends to see their sessions.
  case userIntendsToSeeSessions
  /// The user intends to change their password.
  case userIntendsToChangePassword
  /// The user intends to leave, staying signed in.
  case userIntendsToQuit
  /// The user did sign out (here or everywhere).
  case userDidSignOut
  /// The user's session turned out to be over (expired, revoked, signed out elsewhere).
  case userIsNotSignedIn
}

/// Why the home scene could not load or sign out. The description is the message shown.
public enum AccountFailure: Error, Equatable, Sendable, CustomStringConvertible,
  SignedInSceneFailure
{
  /// The session is over (expired, revoked, signed out elsewhere); the scene also steps
  /// with `userIsNotSignedIn`.
  case sessionEnded
  /// Another process held the database.
  case busy
  /// Anything else; the scene shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .sessionEnded: SceneMessages.sessionEnded
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }
}

/// The home scene's view events, for `transform(input:)`.
public enum AccountViewEvent: Hashable, Sendable {
  /// The user asked to see their sessions.
  case sessionsTapped
  /// The user asked to change their password.
  case changePasswordTapped
  /// The user asked to sign out of this session.
  case signOutTapped
  /// The user asked to sign out of every session.
  case signOutEverywhereTapped
  /// The user asked to leave, staying signed in.
  case quitTapped
}

/// What a home view calls.
@MainActor
public protocol AccountViewModelInputs: SceneLifecycleInputs {
  /// Call when the user asks to see their sessions.
  func sessionsTapped()
  /// Call when the user asks to change their password.
  func changePasswordTapped()
  /// Call when the user asks to sign out here; returns once it is done or refused.
  func signOutTapped() async
  /// Call when the user asks to sign out everywhere; returns once it is done or refused.
  func signOutEverywhereTapped() async
  /// Call when the user asks to leave, staying signed in.
  func quitTapped()
}

/// What a home view shows.
@MainActor
public protocol AccountViewModelOutputs: AnyObject {
  /// Shows who is signed in, once loaded.
  var username: String? { get }
  /// Names this session, once loaded: the id the session list shows, so a view can mark it.
  var sessionID: SessionID? { get }
  /// Shows when this session started, once loaded.
  var signedInAt: Date? { get }
  /// Shows when this session ends unless used again, once loaded.
  var expiresAt: Date? { get }
  /// Shows how many sessions "sign out everywhere" ended, once done.
  var endedSessions: Int? { get }
  /// Shows that the session is being loaded or a sign-out is running.
  var isLoading: Bool { get }
  /// Shows why the last action failed; its description is the message.
  var failure: AccountFailure? { get }
}

/// A home view model as a view sees it.
@MainActor
public protocol AccountViewModelType: SceneViewModelType where NavigationStep == AccountStep {
  /// What the view calls; settable for symmetry with the forms' bindings.
  var inputs: any AccountViewModelInputs { get set }
  /// What the view renders.
  var outputs: any AccountViewModelOutputs { get }
}

/// The home scene once signed in: who, since when, until when; and the ways on
/// (sessions, password change), out (sign out here or everywhere) and away.
@MainActor
@Observable
public final class AccountViewModel: BaseViewModel<AccountStep>, AccountViewModelType,
  AccountViewModelInputs, AccountViewModelOutputs, ViewEventHandling, SceneActions
{
  /// Itself; assigning another object changes nothing.
  public var inputs: any AccountViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any AccountViewModelOutputs { self }

  /// Shows who is signed in.
  public private(set) var username: String?
  /// Names this session.
  public private(set) var sessionID: SessionID?
  /// Shows when this session started.
  public private(set) var signedInAt: Date?
  /// Shows when this session ends unless used again.
  public private(set) var expiresAt: Date?
  /// Shows how many sessions "sign out everywhere" ended.
  public private(set) var endedSessions: Int?
  /// Shows that something is running.
  public internal(set) var isLoading = false
  /// Shows why the last action failed.
  public internal(set) var failure: AccountFailure?

  @ObservationIgnored private let token: SessionToken
  @ObservationIgnored private let sessions: any SessionUseCase

  /// Takes the session's token and the use case that reads and ends sessions.
  public init(token: SessionToken, sessions: any SessionUseCase) {
    self.token = token
    self.sessions = sessions
    super.init()
  }

  /// Loads the session.
  public func viewDidAppear() async {
    await perform { () throws(AuthError) in
      let current = try await sessions.currentSession(token: token)
      username = current.user.username
      sessionID = current.session.id
      signedInAt = current.session.createdAt
      expiresAt = current.session.expiresAt
      return nil
    }
  }

  /// Leaving the scene leaves the program, signed in.
  public func viewDidDismiss() { navigator.emit(.userIntendsToQuit) }
  /// Steps to the sessions.
  public func sessionsTapped() { navigator.emit(.userIntendsToSeeSessions) }
  /// Steps to the password change.
  public func changePasswordTapped() { navigator.emit(.userIntendsToChangePassword) }
  /// Steps out, signed in.
  public func quitTapped() { navigator.emit(.userIntendsToQuit) }

  /// Ends this session, then steps; a session already over is signed out as well.
  public func signOutTapped() async {
    await perform { () throws(AuthError) in
      do throws(AuthError) {
        try await sessions.signOut(token: token)
      } catch .notSignedIn {}
      return .userDidSignOut
    }
  }

  /// Ends every session of the user, shows how many, then steps.
  public func signOutEverywhereTapped() async {
    await perform { () throws(AuthError) in
      do throws(AuthError) {
        endedSessions = try await sessions.signOutEverywhere(token: token)
      } catch .notSignedIn {}
      return .userDidSignOut
    }
  }

  /// Sets or calls the input the event names: the one place an event becomes an input.
  public func handle(_ event: AccountViewEvent) async {
    switch event {
    case .sessionsTapped: sessionsTapped()
    case .changePasswordTapped: changePasswordTapped()
    case .signOutTapped: await signOutTapped()
    case .signOutEverywhereTapped: await signOutEverywhereTapped()
    case .quitTapped: quitTapped()
    }
  }

  /// A dead session leaves the scene; any other failure stays on it.
  func step(after failure: AccountFailure) -> AccountStep? {
    failure == .sessionEnded ? .userIsNotSignedIn : nil
  }
}
