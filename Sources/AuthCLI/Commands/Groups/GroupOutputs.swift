import AuthCore

/// `groups add`: who was put in the group, and who was in it already.
struct GroupMembersAdded: JSONOutput, CommandOutput {
  let group: String
  let addedMembers: [String]
  let alreadyMembers: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case addedMembers = "added_members", alreadyMembers = "already_members", group
  }

  /// A line for those added and one for those in it already, each only when it names someone.
  func text(style: Style) -> String {
    GroupChangeText.lines(
      changed: addedMembers, { "Added \($0) to \($1)." }, unchanged: alreadyMembers,
      { "in \($0) already" }, group: group)
  }
}

/// `groups remove`: who was taken out, and who was not in the group.
struct GroupMembersRemoved: JSONOutput, CommandOutput {
  let group: String
  let removedMembers: [String]
  let notMembers: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case group, notMembers = "not_members", removedMembers = "removed_members"
  }

  /// A line for those taken out and one for those not in it, each only when it names someone.
  func text(style: Style) -> String {
    GroupChangeText.lines(
      changed: removedMembers, { "Removed \($0) from \($1)." }, unchanged: notMembers,
      { "not in \($0)" }, group: group)
  }
}

/// The text of a change to a group's members: a line for the accounts it changed and one for
/// those it left as they were, each only when there are any.
enum GroupChangeText {
  /// `changedLine` words the changed names and the group; `unchangedState` the group, after
  /// "was" or "were".
  static func lines(
    changed: [String], _ changedLine: (_ names: String, _ group: String) -> String,
    unchanged: [String], _ unchangedState: (_ group: String) -> String, group: String
  ) -> String {
    let shownGroup = TerminalText.visible(group)
    var lines: [String] = []
    if !changed.isEmpty { lines.append(changedLine(GroupsCommand.names(changed), shownGroup)) }
    if !unchanged.isEmpty {
      let verb = unchanged.count == 1 ? "was" : "were"
      lines.append("\(GroupsCommand.names(unchanged)) \(verb) \(unchangedState(shownGroup)).")
    }
    return lines.joined(separator: "\n")
  }
}

/// `groups list`: one group.
struct GroupListEntry: JSONOutput, TableRecord {
  let group: String
  let memberCount: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case group, memberCount = "member_count"
  }

  static let headers = ["GROUP", "MEMBERS"]
  static let emptyListText: String? = "No groups yet."

  var cells: [String] { [group, String(memberCount)] }
}

/// `groups list GROUP`: its members, by name.
struct GroupMembersShown: JSONOutput, CommandOutput {
  let group: String
  let members: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case group, members
  }

  /// One name a line, for a script's `while read`.
  func text(style: Style) -> String {
    members.map(TerminalText.visible).joined(separator: "\n")
  }
}

/// `groups check`: the account is in one of the groups asked about.
struct GroupMembershipChecked: JSONOutput, CommandOutput {
  let member = true
  let username: String
  /// The groups asked about, as given.
  let groups: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case groups, member, username
  }

  func text(style: Style) -> String {
    let shownGroups = GroupsCommand.names(groups)
    return "\(TerminalText.visible(username)) is in "
      + (groups.count == 1 ? shownGroups : "at least one of " + shownGroups) + "."
  }
}

/// `groups import`: what was (or, in a dry run, would be) added.
struct GroupsImported: JSONOutput, CommandOutput {
  let dryRun: Bool
  /// Memberships added (in a dry run, 0: nothing was).
  let importedMemberships: Int
  let groupChanges: [Change]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case dryRun = "dry_run", groupChanges = "group_changes"
    case importedMemberships = "imported_memberships"
  }

  /// One group the file names.
  struct Change: JSONOutput {
    let group: String
    let addedMembers: [String]
    let alreadyMembers: [String]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case addedMembers = "added_members", alreadyMembers = "already_members", group
    }
  }

  init(_ report: GroupImportReport, dryRun: Bool) {
    self.dryRun = dryRun
    importedMemberships = report.written ? report.groups.reduce(0) { $0 + $1.added.count } : 0
    groupChanges = report.groups.map {
      Change(
        group: $0.name.canonical, addedMembers: $0.added, alreadyMembers: $0.alreadyMembers)
    }
  }

  /// The memberships added (in a dry run, that would be) and the groups they went to.
  func text(style: Style) -> String {
    let added = groupChanges.reduce(0) { $0 + $1.addedMembers.count }
    let groups = groupChanges.count { !$0.addedMembers.isEmpty }
    return (dryRun ? "Would add " : "Added ") + counted(added, "membership") + " to "
      + counted(groups, "group") + (dryRun ? "; nothing was written." : ".")
  }
}
