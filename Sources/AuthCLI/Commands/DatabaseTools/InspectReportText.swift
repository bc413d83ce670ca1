import AuthCore
import AuthDatabase

/// An engine's own facts in `inspect` (SQLite's file, PostgreSQL's server): its JSON keys,
/// and the same facts as the text's labelled lines around the shared ones.
protocol InspectedEngine: Encodable, Sendable {
  /// The facts shown before the schema version (`Path`, `Size`, …), label and value.
  var leadingFacts: [[String]] { get }
  /// Lines shown just after the schema version, with no label.
  var notes: [String] { get }
  /// The facts shown after what `sessions prune` would delete (`Schema check`, …).
  var trailingFacts: [[String]] { get }
}

extension InspectOutput: CommandOutput {
  /// A block of facts, then the tables with their row counts.
  func text(style: Style) -> String {
    var facts = engine.leadingFacts
    facts.append([
      "Schema version",
      "\(schema.schemaVersion) (this program knows up to \(schema.newestKnownSchemaVersion))",
    ])
    facts += engine.notes.map { ["", $0] }
    let applied = schema.appliedMigrations.map {
      "\($0.identifier) (applied \(Timestamp.readable($0.appliedAt)))"
    }
    facts += InspectReportText.rows("Migrations", applied.isEmpty ? ["none"] : applied)
    facts += InspectReportText.rows(
      "Pending", schema.pendingMigrations.isEmpty ? ["none"] : schema.pendingMigrations)
    if let active = schema.activeSessions, let expired = schema.expiredSessions {
      facts.append(["Sessions", "\(active) active, \(expired) expired"])
    }
    if let schemes = schema.passwordSchemes, let work = schema.signInWork {
      let counts = schemes.map { PasswordSchemeCount(scheme: $0.key, accounts: $0.value) }
      facts.append(["Password hashes", InspectReportText.passwordSchemes(counts)])
      facts.append([
        "Sign-in work",
        SignInWorkText.describe(work, passes: passes)
          + (schema.signInWorkRaised
            ? ", raised for kept hashes ('authcli users sign-in-work')" : ", the default"),
      ])
    }
    if let prunable = schema.prunable {
      facts.append([
        "Prunable",
        "\(prunable.expiredSessions) expired session(s), \(prunable.throttleRows) throttle "
          + "row(s), \(prunable.expiredDeviceCookies) expired device cookie(s) "
          + "('authcli sessions prune')",
      ])
    }
    facts += engine.trailingFacts
    facts += InspectReportText.rows(
      "Other objects", schema.otherObjects.isEmpty ? ["none"] : schema.otherObjects)
    let factText = facts.map { fact in
      let label = fact[0].isEmpty ? "" : fact[0] + ":"
      return label.padded(to: 17) + TerminalText.visible(fact[1])
    }.joined(separator: "\n")
    // By name, as both engines list them.
    let tables = TextTable(
      headers: ["TABLE", "ROWS"],
      rows: schema.tables.sorted { $0.key < $1.key }.map { [$0.key, String($0.value)] })
    return factText + "\n\n" + tables.render(style: style)
  }
}

/// The pieces of `inspect`'s text that the engines' facts share.
enum InspectReportText {
  /// `3 argon2id, 1 bcrypt (upgraded at next sign-in)`: Argon2id first, then the kept
  /// schemes by name, named as `users show` names them.
  static func passwordSchemes(_ counts: [PasswordSchemeCount]) -> String {
    guard !counts.isEmpty else { return "none" }
    let current = LegacyPasswordHash.Scheme.argon2id.rawValue
    let ordered =
      counts.filter { $0.scheme == current }
      + counts.filter { $0.scheme != current }.sorted { $0.scheme < $1.scheme }
    let kept = ordered.contains {
      $0.scheme != current && $0.scheme != PasswordSchemeCount.unreadable
    }
    return ordered.map { "\($0.accounts) \($0.scheme)" }.joined(separator: ", ")
      + (kept ? " (kept hashes are upgraded at next sign-in)" : "")
  }

  /// A fact of several lines: the first line carries the label, the others only the value.
  static func rows(_ label: String, _ values: [String]) -> [[String]] {
    values.enumerated().map { index, value in [index == 0 ? label : "", value] }
  }
}
