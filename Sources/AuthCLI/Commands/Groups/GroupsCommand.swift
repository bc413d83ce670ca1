import AuthCore
import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `authcli groups …`: the operator's verbs on groups of accounts, and the question Apache's
/// `Require group` asks through mod_authnz_external.
@MainActor
struct GroupsCommand {
  let context: CommandContext

  /// `groups add`: every named account, or none.
  func add(_ group: String, _ usernames: [String]) async throws {
    let change = try await context.operatorRoot().services.groups.addMembers(usernames, to: group)
    try context.print(
      GroupMembersAdded(
        group: change.group.canonical, addedMembers: change.changed,
        alreadyMembers: change.unchanged))
  }

  /// `groups remove`: every named account, or none.
  func remove(_ group: String, _ usernames: [String]) async throws {
    let change = try await context.operatorRoot().services.groups.removeMembers(
      usernames, from: group)
    try context.print(
      GroupMembersRemoved(
        group: change.group.canonical, removedMembers: change.changed,
        notMembers: change.unchanged))
  }

  /// `groups list`: each group and its count, or one group's members.
  func list(_ group: String?) async throws {
    let groups = try context.operatorRoot().services.groups
    guard let group else {
      let summaries = try await groups.groups()
      try context.print(
        summaries.map { GroupListEntry(group: $0.name.canonical, memberCount: $0.memberCount) })
      return
    }
    let members = try await groups.members(of: group)
    let name = GroupName.validate(group).asValidated?.canonical ?? group
    try context.print(GroupMembersShown(group: name, members: members.map(\.username)))
  }

  /// `groups check`: exit 0 when the account is in one of the groups, 77 otherwise.
  func check(username: String?, groups: [String]) async throws {
    let fromStandardInput = context.values[Self.standardInput]
    let (name, wanted): (String, [String])
    if fromStandardInput {
      guard username == nil else {
        throw context.usageError("With --stdin the name and the groups come from standard input")
      }
      // mod_authnz_external's group checkers get SIGTERM as its password checkers do; the
      // answer takes a few milliseconds.
      signal(SIGTERM, SIG_IGN)
      name = try readLine()
      wanted = try readLine().split(separator: " ").map(String.init)
    } else {
      guard let username, !groups.isEmpty else {
        throw context.usageError("Name the account and at least one group, or pass --stdin")
      }
      (name, wanted) = (username, groups)
    }
    let root = try context.operatorRoot()
    let member = try await root.services.groups.isMember(name, ofAnyOf: wanted)
    let shownGroups = wanted.map(TerminalText.visible).joined(separator: ", ")
    guard member else {
      throw ErrorReport(
        kind: .notInGroup,
        message:
          "\(TerminalText.visible(name)) is not in \(shownGroups.isEmpty ? "any group" : shownGroups)."
      )
    }
    try context.print(
      GroupMembershipChecked(username: Username.canonicalize(name), groups: wanted))
  }

  /// One line of standard input, as mod_authnz_external's pipe writes it.
  private func readLine() throws(CLIError) -> String {
    switch context.console.input.readLine(secret: false) {
    case .line(let line): return line
    case .endOfInput: throw .endOfInput
    case .interrupted: throw .interrupted
    case .notText: throw .notText
    case .tooLong: throw .lineTooLong
    }
  }

  /// `ada, bob`, each name as a terminal may show it.
  nonisolated static func names(_ names: [String]) -> String {
    names.map(TerminalText.visible).joined(separator: ", ")
  }
}

extension GroupsCommand {
  static let group = Argument<String>("group", help: "The group's name (1 to 32 of a-z 0-9 . _ -).")
  static let users = Argument<String>(
    "user", help: "An account's username; name several to change them together.",
    isRepeating: true)
  static let listedGroup = Argument<String>(
    "group", help: "A group whose members to list; without it, every group.", isOptional: true)
  static let checkedUser = Argument<String>(
    "user", help: "The account's username (not with --stdin).", isOptional: true)
  static let checkedGroups = Argument<String>(
    "group", help: "A group; the account must be in at least one.", isOptional: true,
    isRepeating: true)
  static let standardInput = Flag(
    "stdin",
    help: "Read the username from the first line of standard input and the groups, apart by "
      + "spaces, from the second (mod_authnz_external's group checker pipe).")

  /// `groups add` and `groups remove`: a group and the accounts to change in it, all or
  /// nothing.
  private static func membershipChange(
    _ name: String, abstract: String,
    _ change: @escaping @MainActor @Sendable (GroupsCommand, String, [String]) async throws -> Void
  ) -> Subcommand {
    Subcommand(
      name, abstract: abstract,
      discussion: "All or nothing: a name with no account exits 65 and nothing changes.",
      arguments: [group, users]
    ) { context in
      try await change(
        GroupsCommand(context: context), context.required(group), context.values.all(users))
    }
  }

  static let declaration: Subcommand = Subcommand(
    "groups", abstract: "Groups of accounts: add, remove, list, import, check.",
    discussion: """
      A group exists while it has members: adding the first member makes it, removing the
      last one deletes it. Group names follow the username rules from one character up,
      lower-cased. Whoever can open the database administers it; each membership changed is
      recorded in the audit trail. 'authcli verify --group' admits only members, and
      'groups check' answers Apache's 'Require group' (see docs/cli.md).
      """,
    subcommands: [
      membershipChange("add", abstract: "Put accounts in a group, making it if needed.") {
        try await $0.add($1, $2)
      },
      membershipChange("remove", abstract: "Take accounts out of a group; an empty group is gone.")
      {
        try await $0.remove($1, $2)
      },
      Subcommand(
        "list", abstract: "List every group and its member count, or one group's members.",
        arguments: [listedGroup]
      ) { context in
        try await GroupsCommand(context: context).list(context.values[listedGroup])
      },
      GroupsImportCommand.declaration,
      Subcommand(
        "check", abstract: "Exit 0 when an account is in one of the groups, 77 otherwise.",
        discussion: """
          Answers mod_authnz_external's group checker: with --stdin, the name is the first
          line and the groups, apart by spaces, the second (DefineExternalGroup ... pipe).
          A name with no account is not a member. Nothing is audited: the check follows a
          password check that was.
          """,
        arguments: [checkedUser, checkedGroups], options: [standardInput]
      ) { context in
        let words = context.values.all(checkedGroups)
        try await GroupsCommand(context: context).check(
          username: context.values[checkedUser], groups: words)
      },
    ])
}
