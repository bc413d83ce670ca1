/// Splits one line of an account file into a name and a stored hash, as its format lays
/// them out. Blank lines and `#` comments are not accounts.
enum AccountLineParser {
  /// A line's name and hash text.
  struct Fields: Sendable {
    let name: String
    let hash: String
    /// A shadow entry's field 8: the day the account expires, counted from 1970-01-01;
    /// `nil` when the field is empty (or -1, the "never" some tools write).
    var expiryDay: Int? = nil
    /// A shadow entry's field 3 is 0: the password must be changed at the next sign-in
    /// (`passwd -e`, `chage -d 0`).
    var passwordChangeRequired = false
  }

  /// What a line holds.
  enum Parsed: Sendable {
    /// Nothing to import (blank or a comment).
    case skip
    /// A name and a hash.
    case account(Fields)
    /// Not laid out as the format says; the reason.
    case malformed(String)
  }

  /// Reads `line` as `format` lays it out.
  static func parse(_ line: String, as format: AccountImportFormat) -> Parsed {
    let text = line.hasSuffix("\r") ? String(line.dropLast()) : line
    if text.allSatisfy({ $0 == " " || $0 == "\t" }) || text.hasPrefix("#") { return .skip }
    let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    switch format {
    case .jsonl:
      return .malformed("a JSON line must be decoded before the import")
    case .htpasswd, .django:
      guard fields.count == 2 else {
        return .malformed("expected name:hash (\(fields.count - 1) ':' found)")
      }
    case .shadow:
      // Nine fields as shadow(5) has them; fewer is a passwd-style or cut line.
      guard fields.count == 9 else {
        return .malformed("expected the 9 fields of a shadow entry, found \(fields.count)")
      }
      let mustChange = fields[2] == "0"
      let expiry = fields[7]
      guard expiry.isEmpty || expiry == "-1" else {
        // Years up to 9999, so that every expiry can be written as a date.
        guard let day = Int(expiry), (0...Self.lastDay).contains(day) else {
          return .malformed("account expiry (field 8) is not a day count")
        }
        return .account(
          Fields(
            name: fields[0], hash: fields[1], expiryDay: day, passwordChangeRequired: mustChange))
      }
      return .account(Fields(name: fields[0], hash: fields[1], passwordChangeRequired: mustChange))
    }
    return .account(Fields(name: fields[0], hash: fields[1]))
  }

  /// 9999-12-31, counted in days from 1970-01-01.
  static let lastDay = 2_932_896
}
