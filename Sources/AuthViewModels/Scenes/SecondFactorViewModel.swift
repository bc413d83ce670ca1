import AuthCore
import Observation

/// What the second-factor step reports.
public enum SecondFactorStep: Hashable, Sendable {
  /// The user intends to go back without signing in (the password step is over; a new
  /// sign-in starts again from it).
  case userIntendsToGoBack
  /// The user did sign in with a code or a recovery code; the new session and its token.
  case userDidSignIn(NewSession)
  /// The user did give a right code for an account that must choose a new password before a
  /// session starts; the challenge the new-password step completes.
  case userDidPassCode(NewPasswordChallenge)
}

/// Why a code did not start a session. The description is the message the step shows.
public enum SecondFactorFailure: Error, Equatable, Sendable, CustomStringConvertible,
  SceneFailure
{
  /// The code or recovery code was wrong, already used, or from too far away in time.
  case incorrectCode
  /// Too many failed attempts; the code was not judged.
  case tooManyAttempts
  /// The password changed or the account was locked since the password step: sign in again.
  case expired
  /// The key outside the database is missing, unsafe or not the one the secret was sealed
  /// with; the text says which file.
  case keyUnavailable(String)
  /// Another process held the database.
  case busy
  /// Anything else; the step shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .incorrectCode: AuthMessages.incorrectCode
    case .tooManyAttempts: AuthMessages.tooManyAttempts
    case .expired: AuthMessages.signInFailed
    case .keyUnavailable(let reason): reason
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }

  /// The failure a use case's refusal stands for.
  public init(_ refusal: SecondFactorRefusal) {
    switch refusal {
    case .incorrectCode: self = .incorrectCode
    case .tooManyAttempts: self = .tooManyAttempts
    case .expired: self = .expired
    }
  }

  /// What a use case threw: the key's problems by name, the rest as every scene words them.
  init(_ error: AuthError) {
    switch error {
    case .secondFactor(.keyUnavailable(let reason)), .secondFactor(.wrongKey(let reason)):
      self = .keyUnavailable(reason)
    case .store(.busy): self = .busy
    case .notSignedIn, .sessionNotFound, .administration, .store, .hashing, .tokens, .secondFactor:
      self = .unexpected(UnexpectedFailure(error))
    }
  }
}

/// The second-factor step's view events, for `transform(input:)`.
public enum SecondFactorViewEvent: Hashable, Sendable, RedactedEvent {
  /// The code text changed.
  case codeChanged(String)
  /// The user submitted the code.
  case verifyTapped
  /// The user gave up and goes back.
  case cancelTapped

  /// The event, the code redacted (a recovery code is a secret).
  public var description: String {
    switch self {
    case .codeChanged: "codeChanged(\(Redaction.marker))"
    case .verifyTapped: "verifyTapped"
    case .cancelTapped: "cancelTapped"
    }
  }
}

/// What a second-factor view sets and calls.
@MainActor
public protocol SecondFactorViewModelInputs: SceneLifecycleInputs {
  /// The code as typed (six or eight digits, or a recovery code); a field binds to it.
  var code: String { get set }
  /// Call when the user submits the code; returns once the outputs show the answer.
  func verifyTapped() async
  /// Call when the user gives up.
  func cancelTapped()
}

/// What a second-factor view shows.
@MainActor
public protocol SecondFactorViewModelOutputs: AnyObject {
  /// Shows whose code is asked for.
  var username: String { get }
  /// Shows whether the code can be submitted: something typed, nothing running.
  var isVerifyEnabled: Bool { get }
  /// Shows that the code is being checked.
  var isLoading: Bool { get }
  /// Shows why the last code was refused; its description is the message.
  var failure: SecondFactorFailure? { get }
}

/// A second-factor view model as a view sees it.
@MainActor
public protocol SecondFactorViewModelType: SceneViewModelType
where NavigationStep == SecondFactorStep {
  /// What the view sets and calls; settable so that `$viewModel.inputs.code` binds.
  var inputs: any SecondFactorViewModelInputs { get set }
  /// What the view renders.
  var outputs: any SecondFactorViewModelOutputs { get }
}

/// The second step of a sign-in: takes a code (or a recovery code) for the challenge the
/// password step handed over, and steps on with the new session.
@MainActor
@Observable
public final class SecondFactorViewModel: BaseViewModel<SecondFactorStep>,
  SecondFactorViewModelType, SecondFactorViewModelInputs, SecondFactorViewModelOutputs,
  ViewEventHandling, SceneActions
{
  /// Itself; assigning another object changes nothing (a binding writes through it).
  public var inputs: any SecondFactorViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any SecondFactorViewModelOutputs { self }

  /// The code as typed.
  public var code = "" { didSet { if failure != nil { failure = nil } } }
  /// Shows that the code is being checked.
  public internal(set) var isLoading = false
  /// Shows why the last code was refused.
  public internal(set) var failure: SecondFactorFailure?
  /// Shows whose code is asked for.
  public var username: String { challenge.username }
  /// Shows whether the code can be submitted.
  public var isVerifyEnabled: Bool {
    !isLoading && code.contains { !$0.isWhitespace }
  }

  @ObservationIgnored private let challenge: SecondFactorChallenge
  @ObservationIgnored private let authentication: any AuthenticationUseCase

  /// Takes the challenge the password step answered and the use case that completes it.
  public init(challenge: SecondFactorChallenge, authentication: any AuthenticationUseCase) {
    self.challenge = challenge
    self.authentication = authentication
  }

  /// Submits the code: a right one signs in; a refusal is shown and the field emptied.
  public func verifyTapped() async {
    guard isVerifyEnabled else { return }
    await perform { () throws(AuthError) in
      do throws(AuthError) {
        switch try await authentication.completeSignIn(challenge, code: code) {
        case .accepted(let session): return .userDidSignIn(session)
        case .newPasswordRequired(let challenge): return .userDidPassCode(challenge)
        case .refused(let refusal):
          code = ""
          failure = SecondFactorFailure(refusal)
          return nil
        }
      } catch {
        // Emptied before the failure shows: an edit of the code clears the failure.
        code = ""
        throw error
      }
    }
  }
  /// Goes back without signing in.
  public func cancelTapped() { navigator.emit(.userIntendsToGoBack) }
  /// Nothing to load.
  public func viewDidAppear() async {}
  /// Leaving the step goes back.
  public func viewDidDismiss() { navigator.emit(.userIntendsToGoBack) }

  /// Sets or calls the input the event names: the one place an event becomes an input.
  public func handle(_ event: SecondFactorViewEvent) async {
    switch event {
    case .codeChanged(let text): code = text
    case .verifyTapped: await verifyTapped()
    case .cancelTapped: cancelTapped()
    }
  }

  /// No failure of a code leaves the step; a new code may be tried.
  func step(after failure: SecondFactorFailure) -> SecondFactorStep? { nil }
}

/// Prints only its type: its code field holds what was typed.
extension SecondFactorViewModel: RedactsItself {}
