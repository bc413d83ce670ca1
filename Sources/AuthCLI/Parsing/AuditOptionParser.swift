import AuthCore
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The values of `authcli audit`'s options: a known kind, a positive limit, a time.
enum AuditOptionParser {
  static func selection(_ scanned: ScannedArguments) throws(UsageError) -> AuditSelection {
    var selection = AuditSelection(username: scanned.auditUser)
    for kind in scanned.auditKinds {
      guard let known = AuthEventKind(rawValue: kind) else {
        throw UsageError(
          "The value '\(kind)' is invalid for '--kind <kind>': use one of "
            + AuthEventKind.allCases.map(\.rawValue).joined(separator: ", "),
          subcommand: .audit)
      }
      selection.kinds.insert(known)
    }
    if let limit = scanned.limit {
      guard let number = Int(limit), number > 0 else {
        throw UsageError(
          "The value '\(limit)' is invalid for '--limit <n>': use a positive number",
          subcommand: .audit)
      }
      selection.limit = number
    }
    if let since = scanned.since {
      guard let time = time(since) else {
        throw UsageError(
          "The value '\(since)' is invalid for '--since <time>': use 2026-12-01, "
            + "2026-12-01T10:00:00Z, or a span such as 90s, 30m, 12h, 7d",
          subcommand: .audit)
      }
      selection.since = time
    }
    return selection
  }

  /// `7d`, `12h`, `30m`, `90s`; `2026-12-01`; `2026-12-01T10:00:00Z` (or with an offset).
  static func time(_ text: String) -> TimeSpecification? {
    if let unit = text.last, let seconds = unitSeconds[unit], let count = Int(text.dropLast()),
      count >= 0, count <= 100 * 365 * 86_400 / seconds
    {
      return .ago(TimeInterval(count * seconds))
    }
    if text.count == 10, let midnight = try? Date("\(text)T00:00:00Z", strategy: .iso8601) {
      return .absolute(midnight)
    }
    if let date = try? Date(text, strategy: .iso8601) { return .absolute(date) }
    return nil
  }

  private static let unitSeconds: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
}
