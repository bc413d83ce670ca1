import AuthCore

/// Why a sign-in did not start a session. The description is the message the form shows.
public enum SignInFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// Unknown user, wrong password or too many attempts: one answer for all three.
  case refused
  /// Another process held the database.
  case busy
  /// Anything else; the scene shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .refused: AuthMessages.signInFailed
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }

  init(thrown error: any Error) {
    switch ThrownFailure(error) {
    case .busy: self = .busy
    case .sessionEnded, .sessionNotFound: self = .unexpected(UnexpectedFailure(error))
    case .unexpected(let failure): self = .unexpected(failure)
    }
  }
}

/// Why a sign-up did not create the account, beyond its fields (a taken name is the
/// username field's answer). The description is the message the form shows.
public enum SignUpFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another process held the database.
  case busy
  /// Anything else; the scene shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }

  init(thrown error: any Error) {
    switch ThrownFailure(error) {
    case .busy: self = .busy
    case .sessionEnded, .sessionNotFound: self = .unexpected(UnexpectedFailure(error))
    case .unexpected(let failure): self = .unexpected(failure)
    }
  }
}

/// Why the home scene could not load or sign out. The description is the message shown.
public enum AccountFailure: Error, Equatable, Sendable, CustomStringConvertible {
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

  init(thrown error: any Error) {
    switch ThrownFailure(error) {
    case .busy: self = .busy
    case .sessionEnded: self = .sessionEnded
    case .sessionNotFound: self = .unexpected(UnexpectedFailure(error))
    case .unexpected(let failure): self = .unexpected(failure)
    }
  }
}

/// Why the sessions list could not load or end a session. The description is the
/// message shown.
public enum SessionsFailure: Error, Equatable, Sendable, CustomStringConvertible {
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

  init(thrown error: any Error) {
    switch ThrownFailure(error) {
    case .busy: self = .busy
    case .sessionEnded: self = .sessionEnded
    case .sessionNotFound: self = .sessionNotFound
    case .unexpected(let failure): self = .unexpected(failure)
    }
  }
}

/// Why a password change did not happen, beyond the rules for its fields. The
/// description is the message shown (a refused current password shows it under that
/// field too).
public enum ChangePasswordFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The current password was refused: incorrect, or too many attempts.
  case currentPasswordRefused(CurrentPasswordRefusal)
  /// The session is over; the scene also steps with `userIsNotSignedIn`.
  case sessionEnded
  /// Another process held the database.
  case busy
  /// Anything else; the scene shows one sentence for it.
  case unexpected(UnexpectedFailure)

  /// The message shown.
  public var description: String {
    switch self {
    case .currentPasswordRefused(let refusal): refusal.description
    case .sessionEnded: SceneMessages.sessionEnded
    case .busy: SceneMessages.busy
    case .unexpected(let failure): failure.description
    }
  }

  init(thrown error: any Error) {
    switch ThrownFailure(error) {
    case .busy: self = .busy
    case .sessionEnded: self = .sessionEnded
    case .sessionNotFound: self = .unexpected(UnexpectedFailure(error))
    case .unexpected(let failure): self = .unexpected(failure)
    }
  }
}
