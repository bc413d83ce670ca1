/// What an operator's change of one group did.
public struct GroupChange: Hashable, Sendable {
  /// The group.
  public let group: GroupName
  /// The accounts whose membership changed, by name, in the order given.
  public let changed: [String]
  /// The accounts named that were already as asked: in the group for an add, out of it for
  /// a remove.
  public let unchanged: [String]

  /// Describes a change.
  public init(group: GroupName, changed: [String], unchanged: [String]) {
    self.group = group
    self.changed = changed
    self.unchanged = unchanged
  }
}

/// A line of a group file that an import refused.
public struct GroupImportRefusal: Hashable, Sendable {
  /// Its number, from 1.
  public let line: Int
  /// Why, in words: the rule broken or the name not found.
  public let reason: String

  /// Describes a refusal.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }
}

/// A group an import adds members to.
public struct ImportedGroup: Hashable, Sendable {
  /// The group.
  public let name: GroupName
  /// The accounts put in it (or, in a dry run, that would be), by name.
  public let added: [String]
  /// The accounts the file names that were in it already.
  public let alreadyMembers: [String]

  /// Describes a group's share of an import.
  public init(name: GroupName, added: [String], alreadyMembers: [String]) {
    self.name = name
    self.added = added
    self.alreadyMembers = alreadyMembers
  }
}

/// What a group import did, or in a dry run would do.
public struct GroupImportReport: Hashable, Sendable {
  /// Each group the file names, by name.
  public let groups: [ImportedGroup]
  /// The lines refused; when there is one, nothing is written.
  public let refused: [GroupImportRefusal]
  /// Whether the memberships were stored: no dry run and no refused line.
  public let written: Bool

  /// Describes an import.
  public init(groups: [ImportedGroup], refused: [GroupImportRefusal], written: Bool) {
    self.groups = groups
    self.refused = refused
    self.written = written
  }
}

/// The operator's verbs on groups (`authcli groups …`) and the question other programs ask
/// (is this account in one of these groups?). Whoever can open the database may call them,
/// as with the verbs on accounts.
///
/// Every change is one write transaction with an audit event per membership changed, all
/// or nothing: one name with no account and nothing changes.
public protocol GroupAdministrationUseCase: Sendable {
  /// Puts the accounts in the group, making it when it has no members. Throws
  /// `noSuchAccount` for the first name with no account, `invalidGroupName` for a name the
  /// rules refuse.
  func addMembers(_ usernames: [String], to group: String) async throws(AuthError) -> GroupChange
  /// Takes the accounts out of the group; a group left with no member is gone. Throws
  /// `noSuchGroup` when the group has no members, `noSuchAccount` as `addMembers` does.
  func removeMembers(
    _ usernames: [String], from group: String
  ) async throws(AuthError) -> GroupChange
  /// Every group with its member count, by name.
  func groups() async throws(AuthError) -> [GroupSummary]
  /// The group's members, by name. Throws `noSuchGroup` when it has none.
  func members(of group: String) async throws(AuthError) -> [User]
  /// Whether the account is in at least one of the groups. A name no account can have, or a
  /// group name the rules refuse, is simply not a match: another program asks, and the
  /// answer is yes or no.
  func isMember(_ username: String, ofAnyOf groups: [String]) async throws(AuthError) -> Bool
  /// Adds the memberships of an Apache group file (`group: user user …` lines; blank lines
  /// and `#` comments skipped). All or nothing: with one refused line, or in a dry run,
  /// nothing is written, and the report says what would have been.
  func importGroups(
    htgroup lines: [String], dryRun: Bool
  ) async throws(AuthError)
    -> GroupImportReport
}
