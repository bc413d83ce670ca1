import AuthCore

/// `groups add`: who was put in the group, and who was in it already.
struct GroupMembersAdded: JSONOutput {
  let group: String
  let addedMembers: [String]
  let alreadyMembers: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case addedMembers = "added_members", alreadyMembers = "already_members", group
  }
}

/// `groups remove`: who was taken out, and who was not in the group.
struct GroupMembersRemoved: JSONOutput {
  let group: String
  let removedMembers: [String]
  let notMembers: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case group, notMembers = "not_members", removedMembers = "removed_members"
  }
}

/// `groups list`: one group.
struct GroupListEntry: JSONOutput {
  let group: String
  let memberCount: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case group, memberCount = "member_count"
  }
}

/// `groups list GROUP`: its members, by name.
struct GroupMembersShown: JSONOutput {
  let group: String
  let members: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case group, members
  }
}

/// `groups check`: the account is in one of the groups asked about.
struct GroupMembershipChecked: JSONOutput {
  let member = true
  let username: String
  /// The groups asked about, as given.
  let groups: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case groups, member, username
  }
}

/// `groups import`: what was (or, in a dry run, would be) added.
struct GroupsImported: JSONOutput {
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
}
