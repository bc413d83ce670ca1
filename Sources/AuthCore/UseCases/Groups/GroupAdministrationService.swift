#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The operator's verbs on groups, over the store's `GroupStore`.
///
/// Accounts are found under the write lock in the transaction that changes them, so a
/// concurrent deletion is answered "no such account", never half done.
public struct GroupAdministrationService: GroupAdministrationUseCase {
  private let ports: OperatorPorts

  /// Takes the ports it works through and the username rules.
  public init(store: any AuthStore, clock: any WallClock, policy: AuthPolicy = .standard) {
    ports = OperatorPorts(store: store, clock: clock, policy: policy)
  }

  /// Adds every named account, or none.
  public func addMembers(
    _ usernames: [String], to group: String
  ) async throws(AuthError) -> GroupChange {
    try await change(usernames, group: group, kind: .groupMemberAdded)
  }

  /// Removes every named account, or none.
  public func removeMembers(
    _ usernames: [String], from group: String
  ) async throws(AuthError) -> GroupChange {
    try await change(usernames, group: group, kind: .groupMemberRemoved)
  }

  /// Every group with members.
  public func groups() async throws(AuthError) -> [GroupSummary] {
    try await ports.store.lookUp { context throws(AuthError) in try context.groupSummaries() }
  }

  /// The members of a group that has some.
  public func members(of group: String) async throws(AuthError) -> [User] {
    let name = try Self.groupName(group)
    let members = try await ports.store.lookUp { context throws(AuthError) in
      try context.members(of: name)
    }
    guard !members.isEmpty else { throw .administration(.noSuchGroup(name: group)) }
    return members
  }

  /// Reads the account's groups in one lookup after one for the account.
  public func isMember(
    _ username: String, ofAnyOf groups: [String]
  ) async throws(AuthError) -> Bool {
    let wanted = Set(groups.compactMap { GroupName.validate($0).asValidated })
    guard !wanted.isEmpty,
      let name = Username.validate(username, rules: ports.policy.username).asValidated
    else { return false }
    return try await ports.store.read { context throws(AuthError) in
      guard let record = try context.userRecord(named: name) else { return false }
      return !wanted.isDisjoint(with: try context.groups(of: record.user.id))
    }
  }

  /// Parses the file, then finds every account and adds the memberships in one write.
  public func importGroups(
    htgroup lines: [String], dryRun: Bool
  ) async throws(AuthError) -> GroupImportReport {
    var refused: [GroupImportRefusal] = []
    var order: [GroupName] = []
    var wanted: [GroupName: [(line: Int, username: Username)]] = [:]
    for (index, text) in lines.enumerated() {
      switch HTGroupLine.parse(text, rules: ports.policy.username) {
      case .skipped: continue
      case .refused(let reason): refused.append(GroupImportRefusal(line: index + 1, reason: reason))
      case .group(let name, let members):
        if wanted[name] == nil { order.append(name) }
        wanted[name, default: []] += members.map { (line: index + 1, username: $0) }
      }
    }
    let now = ports.clock.now()
    let plan = { [refused] (context: any AuthStoreContext) throws(AuthError) -> GroupImportReport in
      var refused = refused
      var found: [GroupName: [(line: Int, user: User)]] = [:]
      for name in order {
        for entry in wanted[name] ?? [] {
          if let record = try context.userRecord(named: entry.username) {
            found[name, default: []].append((line: entry.line, user: record.user))
          } else {
            refused.append(
              GroupImportRefusal(
                line: entry.line, reason: "no account named '\(entry.username.canonical)'"))
          }
        }
      }
      refused.sort { $0.line < $1.line }
      let write = refused.isEmpty && !dryRun
      var groups: [ImportedGroup] = []
      for name in order {
        let current = Set(try context.members(of: name).map(\.id))
        var added: [String] = []
        var already: [String] = []
        var seen: Set<UserID> = []
        for entry in found[name] ?? [] where seen.insert(entry.user.id).inserted {
          guard !current.contains(entry.user.id) else {
            already.append(entry.user.username)
            continue
          }
          added.append(entry.user.username)
          guard write else { continue }
          _ = try context.addMember(entry.user.id, to: name, at: now)
          try context.append(
            AuthEventDraft(
              time: now, kind: .groupMemberAdded, user: entry.user,
              detail: "group \(name.canonical) (import, line \(entry.line))"))
        }
        groups.append(ImportedGroup(name: name, added: added, alreadyMembers: already))
      }
      return GroupImportReport(groups: groups, refused: refused, written: write)
    }
    // A dry run, or a file already refused, reads; only a run that may write takes the lock.
    guard refused.isEmpty, !dryRun else { return try await ports.store.read(plan) }
    return try await ports.store.write(plan)
  }

  /// The canonical group name, or the rule's refusal.
  private static func groupName(_ raw: String) throws(AuthError) -> GroupName {
    let checked = GroupName.validate(raw)
    guard let name = checked.asValidated else {
      throw .administration(
        .invalidGroupName(name: raw, message: checked.errorMessage ?? "Not a group name"))
    }
    return name
  }

  /// Adds or removes each named account, with its audit event, in one write.
  private func change(
    _ usernames: [String], group: String, kind: AuthEventKind
  ) async throws(AuthError) -> GroupChange {
    let name = try Self.groupName(group)
    var accounts: [NamedAccount] = []
    for username in usernames {
      let account = try ports.account(named: username)
      if !accounts.contains(where: { $0.name == account.name }) { accounts.append(account) }
    }
    let now = ports.clock.now()
    let adding = kind == .groupMemberAdded
    return try await ports.store.write { context throws(AuthError) in
      var users: [User] = []
      for account in accounts { users.append(try account.record(in: context).user) }
      if !adding, try context.members(of: name).isEmpty {
        throw AuthError.administration(.noSuchGroup(name: group))
      }
      var changed: [String] = []
      var unchanged: [String] = []
      for user in users {
        let done =
          adding
          ? try context.addMember(user.id, to: name, at: now)
          : try context.removeMember(user.id, from: name)
        guard done else {
          unchanged.append(user.username)
          continue
        }
        changed.append(user.username)
        try context.append(
          AuthEventDraft(time: now, kind: kind, user: user, detail: "group \(name.canonical)"))
      }
      return GroupChange(group: name, changed: changed, unchanged: unchanged)
    }
  }
}
