#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How the write that settles a passed password check ended.
enum Finished<Outcome: Sendable>: Sendable {
  /// Settled: the count cleared, the purpose's work done.
  case done(Outcome)
  /// The account asks for a code; nothing was settled.
  case challenged
  /// The password changed or an operator locked the account since the check.
  case refused
  /// The account must choose a new password first; nothing was settled (and, for a check
  /// that takes none, the refusal was audited).
  case newPasswordRequired
}

/// What settling a passed password check does for an account whose second factor is on.
enum SecondFactorGate: Sendable, Equatable {
  /// Its code was judged already: settle it with the rest.
  case answered
  /// Stop before settling anything and ask for a code.
  case challenge
  /// Stop and audit a refusal: the entry point takes no code (`verify --pam` carries one
  /// token), and the attempt stays counted.
  case refuse
}

/// A code that matched, to settle inside the transaction that starts the session.
enum AcceptedCode: Sendable {
  /// A one-time password of this time step.
  case step(UInt64)
  /// The recovery code with this hash.
  case recoveryCode(RecoveryCodeHash)

  /// Records the step (refusing one at or before the last accepted) or deletes the
  /// recovery code (refusing one another attempt deleted first); a refusal throws
  /// `.secondFactor(.notEnrolled)`, which rolls the whole transaction back. The name goes
  /// into the audit row, so `audit --user` finds the recovery codes an account used.
  func settle(
    for userID: UserID, named username: String, at now: Date, in context: any AuthStoreContext
  ) throws(AuthError) {
    guard let factor = try context.secondFactor(of: userID), factor.state == .enabled else {
      throw AuthError.secondFactor(.notEnrolled)
    }
    switch self {
    case .step(let step):
      if let last = factor.lastAcceptedStep, step <= last {
        throw AuthError.secondFactor(.notEnrolled)
      }
      try context.recordAcceptedStep(step, of: userID, at: now)
    case .recoveryCode(let hash):
      guard try context.deleteRecoveryCode(hash, of: userID) else {
        throw AuthError.secondFactor(.notEnrolled)
      }
      let left = try context.recoveryCodeHashes(of: userID).count
      try context.append(
        AuthEventDraft(
          time: now, kind: .recoveryCodeUsed, userID: userID, username: username,
          detail: "\(left) left"))
    }
  }

  /// The audit detail when the code was already used by the time it was settled.
  var reuseDetail: String {
    switch self {
    case .step: "code already used"
    case .recoveryCode: "recovery code already used"
    }
  }
}

/// What judging a typed code found, before anything is settled.
enum CodeMatch: Sendable {
  /// It matched.
  case matched(AcceptedCode)
  /// It did not, or was not judged.
  case refused(SecondFactorRefusal)

  /// The refusal, for a code that did not match.
  var refusal: SecondFactorRefusal {
    if case .refused(let refusal) = self { return refusal }
    return .incorrectCode
  }
}

extension SignInService {
  /// Judges the typed code for a challenge of the right kind (one that starts a session, or
  /// one of `verify`), then settles the match with `settle`. A code whose factor or recovery
  /// code is gone by the time it settles (a parallel answer used it first) is refused as
  /// incorrect, and audited so.
  func complete<Value: Hashable & Sendable>(
    _ challenge: SecondFactorChallenge, code: String, startingSession: Bool,
    settle: (PasswordCheck.Passed, AcceptedCode) async throws(AuthError) -> SecondFactorAnswer<
      Value
    >
  ) async throws(AuthError) -> SecondFactorAnswer<Value> {
    guard challenge.startsSession == startingSession, let passed = challenge.passed else {
      return .refused(.expired)
    }
    let match = try await judge(code, for: passed)
    guard case .matched(let found) = match else { return .refused(match.refusal) }
    do {
      return try await settle(passed, found)
    } catch .secondFactor(.notEnrolled) {
      try await auditCodeFailure(passed, detail: found.reuseDetail)
      return .refused(.incorrectCode)
    }
  }

  /// Counts the attempt, then compares the typed text with the codes of the account's
  /// factor (±1 step) or its unused recovery codes; audits a refusal. The key is read
  /// first, so a missing one costs no attempt.
  func judge(
    _ code: String, for passed: PasswordCheck.Passed
  ) async throws(AuthError) -> CodeMatch {
    guard let setup = secondFactor else { throw .secondFactor(.unsupported) }
    let keys: SecondFactorKeys
    do { keys = try setup.keys.keys(creatingIfMissing: false) } catch {
      throw .secondFactor(error)
    }
    // Every code counts before it is judged, the first too: a right password counts
    // nothing, so one who knows it has no free code with each.
    guard try await passwords.reserveAgain(for: passed) else {
      try await auditCodeFailure(passed, detail: "locked")
      return .refused(.tooManyAttempts)
    }
    let userID = passed.record.user.id
    let (factor, hashes) = try await store.read { context throws(AuthError) in
      (try context.secondFactor(of: userID), try context.recoveryCodeHashes(of: userID))
    }
    guard let factor, factor.state == .enabled else { return .refused(.expired) }
    let typed = SecondFactorCodes.typed(code)
    let digitsOnly = !typed.isEmpty && typed.allSatisfy { $0.isASCII && $0.isNumber }
    if digitsOnly {
      let secret = try SecondFactorCodes.open(factor, with: keys)
      let now = clock.now()
      let step: UInt64?
      do {
        step = try setup.oneTimePasswords.verify(
          typed, for: secret, nearStep: factor.parameters.step(at: now), window: 1,
          parameters: factor.parameters)
      } catch { throw .secondFactor(.library(String(describing: error))) }
      if let step {
        if let last = factor.lastAcceptedStep, step <= last {
          try await auditCodeFailure(passed, detail: "code already used")
          return .refused(.incorrectCode)
        }
        return .matched(.step(step))
      }
    } else if let recovery = RecoveryCode(typed: typed),
      let index = keys.recoveryCodes.firstMatch(of: recovery, of: userID, in: hashes)
    {
      return .matched(.recoveryCode(hashes[index]))
    }
    try await auditCodeFailure(passed, detail: digitsOnly ? "wrong code" : "wrong recovery code")
    return .refused(.incorrectCode)
  }

  /// Audits a refused code, never the code itself.
  func auditCodeFailure(_ passed: PasswordCheck.Passed, detail: String) async throws(AuthError) {
    let event = AuthEventDraft(
      time: clock.now(), kind: .secondFactorFailed, userID: passed.record.user.id,
      username: passed.record.user.username, detail: detail)
    try await store.write { context throws(AuthError) in try context.append(event) }
  }
}

/// Opening a stored secret, shared by sign-in and the owner's use cases.
enum SecondFactorCodes {
  /// The code as typed without spaces and tabs (apps show "123 456").
  static func typed(_ code: String) -> String {
    String(code.filter { $0 != " " && $0 != "\t" })
  }

  /// The factor's secret, opened under the key; a box of another key or a damaged one is
  /// `wrongKey`, so the front end names the key file.
  static func open(
    _ factor: StoredSecondFactor, with keys: SecondFactorKeys
  ) throws(AuthError) -> TOTPSecret {
    do {
      return TOTPSecret(
        bytes: try keys.sealer.open(
          factor.sealedSecret,
          context: SecondFactorChallenge.sealingContext(factor.userID)))
    } catch {
      switch error {
      case .wrongKey:
        throw .secondFactor(
          .wrongKey("The second-factor key is not the key this account's secret was sealed with"))
      case .damaged, .unsupportedFormat:
        throw .secondFactor(
          .wrongKey("This account's sealed second-factor secret does not open: it is damaged"))
      case .libraryFailure(let reason): throw .secondFactor(.library(reason))
      }
    }
  }
}
