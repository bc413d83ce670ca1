import AuthCore
import AuthDatabase

/// `inspect` for people: a block of facts, then the tables with their row counts.
enum InspectReportText {
  static func render(
    _ inspection: Inspection, style: Style, defaultSignInWork: Int, passes: Int
  ) -> String {
    let schema = inspection.schema
    var facts = inspection.leadingFacts
    facts.append([
      "Schema version",
      "\(schema.schemaVersion) (this program knows up to \(schema.newestKnownSchemaVersion))",
    ])
    facts += inspection.notes.map { ["", $0] }
    let applied = schema.appliedMigrations.map {
      "\($0.identifier) (applied \(Timestamp.readable($0.appliedAt)))"
    }
    facts += rows("Migrations", applied.isEmpty ? ["none"] : applied)
    facts += rows("Pending", schema.pendingMigrations.isEmpty ? ["none"] : schema.pendingMigrations)
    if let sessions = schema.sessions {
      facts.append(["Sessions", "\(sessions.active) active, \(sessions.expired) expired"])
    }
    if let schemes = schema.passwordSchemes {
      facts.append(["Password hashes", passwordSchemes(schemes)])
      let work = max(defaultSignInWork, schema.raisedSignInWork ?? 0)
      facts.append([
        "Sign-in work",
        SignInWorkText.describe(work, passes: passes)
          + (work > defaultSignInWork
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
    facts += inspection.trailingFacts
    facts += rows("Other objects", schema.otherObjects.isEmpty ? ["none"] : schema.otherObjects)
    let factText = facts.map { fact in
      let label = fact[0].isEmpty ? "" : fact[0] + ":"
      return label.padded(to: 17) + TerminalText.visible(fact[1])
    }.joined(separator: "\n")
    let tables = TextTable(
      headers: ["TABLE", "ROWS"], rows: schema.tables.map { [$0.name, String($0.rows)] })
    return factText + "\n\n" + tables.render(style: style)
  }

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
