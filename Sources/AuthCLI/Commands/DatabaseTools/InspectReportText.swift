/// `inspect` for people: a block of facts, then the tables with their row counts.
enum InspectReportText {
  static func render(_ inspection: Inspection, style: Style) -> String {
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
    if let prunable = schema.prunable {
      facts.append([
        "Prunable",
        "\(prunable.expiredSessions) expired session(s), \(prunable.throttleRows) throttle "
          + "row(s), \(prunable.expiredDeviceCookies) expired device cookie(s) "
          + "('authcli sessions prune')",
      ])
    }
    facts += inspection.trailingFacts
    let factText = facts.map { fact in
      let label = fact[0].isEmpty ? "" : fact[0] + ":"
      return label.padded(to: 17) + TerminalText.visible(fact[1])
    }.joined(separator: "\n")
    let tables = TextTable(
      headers: ["TABLE", "ROWS"], rows: schema.tables.map { [$0.name, String($0.rows)] })
    return factText + "\n\n" + tables.render(style: style)
  }

  /// A fact of several lines: the first line carries the label, the others only the value.
  static func rows(_ label: String, _ values: [String]) -> [[String]] {
    values.enumerated().map { index, value in [index == 0 ? label : "", value] }
  }
}
