#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `users rename`: a new name for an account, everything else kept.
///
/// The account keeps its id, so its sessions, device cookies, audit events and second
/// factor stay with it; the sign-in throttle, kept by name, moves to the new name, so a
/// rename neither clears a lockout nor leaves the account's count behind for a stranger.
public struct AccountRenameService: Sendable {
  private let store: any AuthStore
  private let clock: any WallClock
  private let policy: AuthPolicy

  /// Takes the ports it works through and the username rules.
  public init(store: any AuthStore, clock: any WallClock, policy: AuthPolicy = .standard) {
    self.store = store
    self.clock = clock
    self.policy = policy
  }

  /// Renames the account named `old` (throws `noSuchAccount` when there is none); the
  /// invalid case carries the username rule's message, or `usernameTaken`.
  public func renameAccount(
    named old: String, to new: String
  ) async throws(AuthError) -> Validation<User> {
    guard let oldName = Username.validate(old, rules: policy.username).asValidated else {
      throw .administration(.noSuchAccount(username: old))
    }
    let checked = Username.validate(new, rules: policy.username)
    guard let newName = checked.asValidated else {
      return .invalid(
        errorMessage: checked.errorMessage ?? AuthMessages.usernameTaken,
        reason: checked.reason ?? .unspecified)
    }
    let now = clock.now()
    do throws(AuthError) {
      let user = try await store.write { context throws(AuthError) -> User in
        guard let record = try context.userRecord(named: oldName) else {
          throw AuthError.administration(.noSuchAccount(username: old))
        }
        try context.renameUser(record.user.id, to: newName, at: now)
        let throttle = try context.throttleState(for: oldName.canonical)
        try context.clearThrottleState(for: newName.canonical)
        try context.saveThrottleState(throttle, for: newName.canonical)
        try context.clearThrottleState(for: oldName.canonical)
        try context.append(
          AuthEventDraft(
            time: now, kind: .accountRenamed, userID: record.user.id,
            username: newName.canonical,
            detail: "renamed from \(oldName.canonical) to \(newName.canonical)"))
        return try context.userRecord(id: record.user.id)?.user ?? record.user
      }
      return .valid(user)
    } catch {
      guard error == .store(.usernameTaken) else { throw error }
      return .invalid(errorMessage: AuthMessages.usernameTaken, reason: .taken)
    }
  }
}
