/// One line of an Apache group file (`AuthGroupFile`, as `htgroup` files are written):
/// `group: user user …`, the members apart by spaces or tabs.
enum HTGroupLine: Equatable {
  /// A blank line or a `#` comment.
  case skipped
  /// A group and the accounts it names, each once.
  case group(GroupName, [Username])
  /// Why the line is not one.
  case refused(String)

  /// Reads a line; the group name follows the group rules, and each member must be a name
  /// an account could have.
  static func parse(_ text: String, rules: UsernameRules) -> HTGroupLine {
    let trimmed = Username.trimmingWhitespace(text)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return .skipped }
    guard let colon = trimmed.firstIndex(of: ":") else {
      return .refused("no ':' after the group name")
    }
    let rawGroup = String(trimmed[..<colon])
    let checked = GroupName.validate(rawGroup)
    guard let group = checked.asValidated else {
      let shown = Username.trimmingWhitespace(rawGroup)
      return .refused(
        "group name '\(shown)': " + (checked.errorMessage ?? "not a group name"))
    }
    var members: [Username] = []
    let words = trimmed[trimmed.index(after: colon)...].split(whereSeparator: {
      $0 == " " || $0 == "\t"
    })
    for word in words {
      guard let member = Username.validate(String(word), rules: rules).asValidated else {
        return .refused("no account named '\(word)'")
      }
      if !members.contains(member) { members.append(member) }
    }
    return .group(group, members)
  }
}
