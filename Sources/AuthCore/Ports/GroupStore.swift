#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A group and how many accounts are in it.
public struct GroupSummary: Hashable, Sendable {
  /// The group.
  public let name: GroupName
  /// Its members, at least one.
  public let memberCount: Int

  /// Pairs a group with its count.
  public init(name: GroupName, memberCount: Int) {
    self.name = name
    self.memberCount = memberCount
  }
}

/// Groups of accounts, inside a transaction: what Apache's `Require group`, sshd's
/// `AllowGroups` or an app's roles ask about.
///
/// The use cases rely on this: a group exists while it has members (adding the first
/// member makes it, removing the last one deletes it, and a group left empty otherwise is
/// never listed); an account is in a group at most once; deleting an account takes it out
/// of every group; renaming it keeps its groups.
public protocol GroupStore {
  /// Puts the account in the group, making the group when it has none; answers whether
  /// the account was not in it before.
  func addMember(_ userID: UserID, to group: GroupName, at time: Date) throws(AuthError) -> Bool
  /// Takes the account out of the group, deleting a group left with no member; answers
  /// whether the account was in it.
  func removeMember(_ userID: UserID, from group: GroupName) throws(AuthError) -> Bool
  /// Every group that has members, by name, with its count.
  func groupSummaries() throws(AuthError) -> [GroupSummary]
  /// The group's members, by name; none when no such group exists.
  func members(of group: GroupName) throws(AuthError) -> [User]
  /// The groups the account is in, by name.
  func groups(of userID: UserID) throws(AuthError) -> [GroupName]
}
