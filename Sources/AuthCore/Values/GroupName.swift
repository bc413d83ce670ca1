/// A group's name in canonical form: what is stored, compared and shown.
///
/// The username rules, from one character up: trimmed, NFKC, lower case, 1 to 32 of
/// `a-z 0-9 . _ -`, starting with a letter or a digit. Short Unix names (`adm`, `ssh`)
/// fit; `Staff` and `staff` are one group, as `Ada` and `ada` are one account.
public struct GroupName: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The canonical text.
  public let canonical: String

  private init(canonical: String) { self.canonical = canonical }

  /// The canonical text.
  public var description: String { canonical }

  /// Orders by the canonical text, as every listing shows groups.
  public static func < (left: GroupName, right: GroupName) -> Bool {
    left.canonical < right.canonical
  }

  /// The bounds of a group name.
  public static let rules = UsernameRules(minimumLength: 1, maximumLength: 32)

  /// Checks raw input against the rules and returns the canonical name.
  public static func validate(_ raw: String) -> Validation<GroupName> {
    rules.check(Username.canonicalize(raw)).map(GroupName.init(canonical:))
  }
}
