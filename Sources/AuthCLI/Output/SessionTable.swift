import AuthCore

/// The sessions of a user as a table, shared by `sessions list` and the shell.
enum SessionTable {
  static func render(_ summaries: [SessionSummary], style: Style) -> String {
    let rows = summaries.map { summary in
      [
        String(summary.session.id.rawValue), Timestamp.toTheMinute(summary.session.createdAt),
        Timestamp.toTheMinute(summary.session.lastUsedAt),
        Timestamp.toTheMinute(summary.session.expiresAt), summary.isCurrent ? "yes" : "",
      ]
    }
    let headers = [
      "ID", Timestamp.header("STARTED"), Timestamp.header("LAST USED"),
      Timestamp.header("EXPIRES"), "CURRENT",
    ]
    return TextTable(headers: headers, rows: rows).render(style: style)
  }
}
