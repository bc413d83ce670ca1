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
  private let ports: OperatorPorts

  /// Takes the ports it works through and the username rules.
  public init(store: any AuthStore, clock: any WallClock, policy: AuthPolicy = .standard) {
    ports = OperatorPorts(store: store, clock: clock, policy: policy)
  }

  /// Renames the account named `old` (throws `noSuchAccount` when there is none); the
  /// invalid case carries the username rule's message, or `usernameTaken`.
  public func renameAccount(
    named old: String, to new: String
  ) async throws(AuthError) -> Validation<User> {
    let account = try ports.account(named: old)
    let oldName = account.name
    let checked = Username.validate(new, rules: ports.policy.username)
    guard let newName = checked.asValidated else {
      return .invalid(
        errorMessage: checked.errorMessage ?? AuthMessages.usernameTaken,
        reason: checked.reason ?? .unspecified)
    }
    let now = ports.clock.now()
    let user = try await ports.store.writeUnlessNameTaken { context throws(AuthError) -> User in
      let record = try account.record(in: context)
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
    guard let user else { return .usernameTaken }
    return .valid(user)
  }
}
