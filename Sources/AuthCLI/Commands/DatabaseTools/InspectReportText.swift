import AuthDatabase
import AuthPostgres
import AuthStorage

/// `inspect` for people: a block of facts, then the tables with their row counts.
enum InspectReportText {
  static func render(_ report: DatabaseReport, style: Style) -> String {
    var facts: [[String]] = [
      ["Path", report.path],
      ["Size", size(report)],
      ["SQLite", report.sqliteVersion],
      ["Journal mode", report.journalMode],
      [
        "Schema version",
        "\(report.schemaVersion) (this program knows up to \(report.newestKnownSchemaVersion))",
      ],
    ]
    if report.needsAdoption {
      facts.append(["", "restored from a dump? check it with 'authcli migrate --adopt'"])
    }
    let applied = report.appliedMigrations.map {
      "\($0.identifier) (applied \(Timestamp.readable($0.appliedAt)))"
    }
    facts += rows("Migrations", applied.isEmpty ? ["none"] : applied)
    facts += rows("Pending", report.pendingMigrations.isEmpty ? ["none"] : report.pendingMigrations)
    if let sessions = report.sessions {
      facts.append(["Sessions", "\(sessions.active) active, \(sessions.expired) expired"])
    }
    if let prunable = report.prunable { facts.append(["Prunable", Self.prunable(prunable)]) }
    facts += rows("Triggers", report.triggers.isEmpty ? ["none"] : report.triggers)
    facts += rows("Views", report.views.isEmpty ? ["none"] : report.views)
    if let differences = report.schemaDifferences {
      facts += rows(
        "Schema check",
        differences.isEmpty ? ["ok (exactly what the migrations create)"] : differences)
    } else {
      facts.append(["Schema check", "not judged (not a schema this program knows)"])
    }
    facts += rows("Integrity check", report.integrityCheck)
    let factText = facts.map { fact in
      let label = fact[0].isEmpty ? "" : fact[0] + ":"
      return
        (label.padded(to: 17)
        + TerminalText.visible(fact[1]))
    }.joined(separator: "\n")
    let tables = TextTable(
      headers: ["TABLE", "ROWS"], rows: report.tables.map { [$0.name, String($0.rows)] })
    return factText + "\n\n" + tables.render(style: style)
  }

  /// A PostgreSQL database's report, laid out as the SQLite one is.
  static func render(_ report: PostgresReport, style: Style) -> String {
    var facts: [[String]] = [
      ["Server", report.target],
      ["PostgreSQL", report.serverVersion],
      ["Database", "\(report.database), schema \(report.schema)"],
      ["Owner", owner(report)],
      ["Size", "\(report.sizeBytes) bytes"],
      [
        "Schema version",
        "\(report.schemaVersion) (this program knows up to \(report.newestKnownSchemaVersion))",
      ],
    ]
    let applied = report.appliedMigrations.map {
      "\($0.identifier) (applied \(Timestamp.readable($0.appliedAt)))"
    }
    facts += rows("Migrations", applied.isEmpty ? ["none"] : applied)
    facts += rows("Pending", report.pendingMigrations.isEmpty ? ["none"] : report.pendingMigrations)
    if let sessions = report.sessions {
      facts.append(["Sessions", "\(sessions.active) active, \(sessions.expired) expired"])
    }
    if let prunable = report.prunable { facts.append(["Prunable", Self.prunable(prunable)]) }
    facts += rows("Schema check", report.schemaCheck)
    let tables = TextTable(
      headers: ["TABLE", "ROWS"], rows: report.tables.map { [$0.name, String($0.rows)] })
    return layout(facts) + "\n\n" + tables.render(style: style)
  }

  /// Who owns the tables, next to the role connected, so a schema another role made is seen.
  private static func owner(_ report: PostgresReport) -> String {
    guard let owner = report.owner else {
      return "no tables yet (connected as \(report.connectedRole))"
    }
    return owner == report.connectedRole
      ? "\(owner) (the role connected)" : "\(owner) (connected as \(report.connectedRole))"
  }

  private static func layout(_ facts: [[String]]) -> String {
    facts.map { fact in
      let label = fact[0].isEmpty ? "" : fact[0] + ":"
      return
        (label.padded(to: 17)
        + TerminalText.visible(fact[1]))
    }.joined(separator: "\n")
  }

  /// What `sessions prune` would delete, in one line for either engine.
  private static func prunable(_ counts: DatabaseReport.PrunableCounts) -> String {
    "\(counts.expiredSessions) expired session(s), \(counts.throttleRows) throttle row(s), "
      + "\(counts.expiredDeviceCookies) expired device cookie(s) ('authcli sessions prune')"
  }

  /// The first line carries the label, the others only the value.
  private static func rows(_ label: String, _ values: [String]) -> [[String]] {
    values.enumerated().map { index, value in [index == 0 ? label : "", value] }
  }

  private static func size(_ report: DatabaseReport) -> String {
    guard let bytes = report.fileSizeBytes else { return "in memory" }
    var text = "\(bytes) bytes"
    if let wal = report.walSizeBytes { text += " (+ \(wal) bytes of WAL)" }
    return text
  }
}
