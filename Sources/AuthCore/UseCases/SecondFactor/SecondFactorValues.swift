#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The key-dependent ports of the second factor: a sealer for TOTP secrets and the source
/// of recovery codes, both under the key kept outside the database.
public struct SecondFactorKeys: Sendable {
  /// Seals and opens TOTP secrets.
  public let sealer: any SecretSealer
  /// Makes, hashes and matches recovery codes.
  public let recoveryCodes: any RecoveryCodeSource

  /// Bundles the two.
  public init(sealer: any SecretSealer, recoveryCodes: any RecoveryCodeSource) {
    self.sealer = sealer
    self.recoveryCodes = recoveryCodes
  }
}

/// Where the key outside the database comes from. It is asked for only when a second
/// factor is enrolled or used, so accounts without one never need it.
public protocol SecondFactorKeySource: Sendable {
  /// The keys; with `creatingIfMissing` (enrolment), a missing key is made first, never
  /// replacing one that exists. Failures are `SecondFactorError.keyUnavailable`.
  func keys(creatingIfMissing: Bool) throws(SecondFactorError) -> SecondFactorKeys
}

/// What the second factor's use cases are built over, besides the store and the clock.
public struct SecondFactorSetup: Sendable {
  /// Computes and checks codes and spells secrets in base32.
  public let oneTimePasswords: any OneTimePasswords
  /// The key outside the database.
  public let keys: any SecondFactorKeySource
  /// The issuer named in the `otpauth://` URI (what an authenticator app lists).
  public let issuer: String
  /// How new factors compute their codes.
  public let parameters: TOTPParameters

  /// Bundles the ports; the standard parameters are what authenticator apps assume.
  public init(
    oneTimePasswords: any OneTimePasswords, keys: any SecondFactorKeySource,
    issuer: String = "authcli", parameters: TOTPParameters = .standard
  ) {
    self.oneTimePasswords = oneTimePasswords
    self.keys = keys
    self.issuer = issuer
    self.parameters = parameters
  }
}

/// Why a second-factor operation could not run at all (as opposed to a code refused).
public enum SecondFactorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The account has no second factor (or none pending, for a confirmation).
  case notEnrolled
  /// The account's factor is already enabled; disable it before enrolling again.
  case alreadyEnabled
  /// The key outside the database is missing, unreadable, unsafe or not a key; the text
  /// says which file and why.
  case keyUnavailable(String)
  /// A stored secret does not open under the key: another key, or a damaged box.
  case wrongKey(String)
  /// The one-time-password or sealing library refused, with its reason.
  case library(String)
  /// No second factor is configured in this build of the services.
  case unsupported

  /// One sentence for the person.
  public var description: String {
    switch self {
    case .notEnrolled: "No second factor is set up for this account"
    case .alreadyEnabled: "A second factor is already on for this account"
    case .keyUnavailable(let reason): reason
    case .wrongKey(let reason): reason
    case .library(let reason): "The one-time password library failed: \(reason)"
    case .unsupported: "Second factors are not configured"
    }
  }
}

/// Proof that a password was right for an account that also asks for a code: what the
/// second step needs, held by the client between the two steps, never stored. Only the
/// sign-in service makes a real one, and no session starts until a code completes it; a
/// `sample` (for previews and tests of views) is refused by the services.
///
/// Two challenges are the same when they are for the same account as read, and the same
/// purpose.
public struct SecondFactorChallenge: Hashable, Sendable, CustomStringConvertible {
  /// The account's canonical name, to show ("Code for ada").
  public var username: String { proof.username }
  /// Whether completing it starts a session (sign-in) or only answers (`verify`).
  public let startsSession: Bool
  let proof: PassedPassword
  var passed: PasswordCheck.Passed? { proof.passed }

  init(passed: PasswordCheck.Passed, startsSession: Bool) {
    self.init(proof: PassedPassword(passed), startsSession: startsSession)
  }

  private init(proof: PassedPassword, startsSession: Bool) {
    self.proof = proof
    self.startsSession = startsSession
  }

  /// A challenge for previews and view tests; the real services refuse it as expired.
  public static func sample(username: String) -> SecondFactorChallenge {
    SecondFactorChallenge(proof: PassedPassword(sampleFor: username), startsSession: true)
  }

  /// Names the account only.
  public var description: String { "SecondFactorChallenge(\(username))" }
}

/// How the first step of a sign-in ended when the password was right.
public enum SignInProgress: Hashable, Sendable {
  /// Signed in: no second factor on this account.
  case signedIn(NewSession)
  /// The account asks for a code (or a recovery code) before any session starts.
  case secondFactorRequired(SecondFactorChallenge)
  /// The account must choose a new password before any session starts.
  case newPasswordRequired(NewPasswordChallenge)
}

/// How the first step of `verify` ended when the password was right.
public enum VerifyProgress: Hashable, Sendable {
  /// Verified: no second factor on this account.
  case verified(User)
  /// The account asks for a code (or a recovery code) too.
  case secondFactorRequired(SecondFactorChallenge)
}

/// Why a code was not accepted. The description is the message shown.
public enum SecondFactorRefusal: Hashable, Sendable, CustomStringConvertible {
  /// A wrong, reused or expired code, or a recovery code already used.
  case incorrectCode
  /// Too many failed attempts for this account from this client; the code was not judged.
  case tooManyAttempts
  /// The password changed or an operator locked the account since the password was
  /// checked; sign in again.
  case expired

  /// The message shown.
  public var description: String {
    switch self {
    case .incorrectCode: AuthMessages.incorrectCode
    case .tooManyAttempts: AuthMessages.tooManyAttempts
    case .expired: AuthMessages.signInFailed
    }
  }
}

/// The answer of a second step: the value it unlocks, or why not.
public enum SecondFactorAnswer<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The code was right.
  case accepted(Value)
  /// It was not, or was not judged.
  case refused(SecondFactorRefusal)
  /// It was right, and the account must choose a new password before a session starts
  /// (a sign-in's second step only: `verify` refuses such an account).
  case newPasswordRequired(NewPasswordChallenge)
}

/// A new, pending factor, shown to the user once: the secret and the URI hold the secret.
public struct SecondFactorEnrolment: Hashable, Sendable, CustomStringConvertible {
  /// The secret in base32, for typing into an authenticator app.
  public let base32Secret: String
  /// The `otpauth://` URI, for a QR code.
  public let uri: OTPAuthURI
  /// How codes are computed.
  public let parameters: TOTPParameters

  /// Describes an enrolment.
  public init(base32Secret: String, uri: OTPAuthURI, parameters: TOTPParameters) {
    self.base32Secret = base32Secret
    self.uri = uri
    self.parameters = parameters
  }

  /// Redacted: it holds the secret.
  public var description: String { "SecondFactorEnrolment(redacted)" }
}

/// Whether an account has a second factor, for `status`, `users show` and `users list`.
public struct SecondFactorStatus: Hashable, Sendable {
  /// Asked for at every sign-in.
  public let enabled: Bool
  /// Enrolled, not yet confirmed.
  public let pending: Bool
  /// Unused recovery codes.
  public let recoveryCodesLeft: Int

  /// Describes a status.
  public init(enabled: Bool, pending: Bool, recoveryCodesLeft: Int) {
    self.enabled = enabled
    self.pending = pending
    self.recoveryCodesLeft = recoveryCodesLeft
  }

  /// No factor.
  public static let off = SecondFactorStatus(enabled: false, pending: false, recoveryCodesLeft: 0)
}

/// The answer of an operation that needs the current password (disable, new recovery codes).
public enum SecondFactorPasswordAnswer<Value: Hashable & Sendable>: Hashable, Sendable {
  /// Done.
  case done(Value)
  /// The password was wrong, or too many attempts.
  case refused(CurrentPasswordRefusal)
}

extension SecondFactorChallenge {
  /// The context a secret is sealed for: the account, so a box copied to another account
  /// does not open there.
  static func sealingContext(_ userID: UserID) -> String { "second-factor \(userID.rawValue)" }
}
