import AuthCore

/// The sessions of a user as a table, shared by `sessions list` and the shell.
enum SessionTable {
  static func render(_ summaries: [SessionSummary], style: Style) -> String {
    let rows = summaries.map { summary in
      [
        String(summary.session.id.rawValue), Timestamp.readable(summary.session.createdAt),
        Timestamp.readable(summary.session.lastUsedAt),
        Timestamp.readable(summary.session.expiresAt), summary.isCurrent ? "yes" : "",
      ]
    }
    return TextTable(headers: ["ID", "STARTED", "LAST USED", "EXPIRES", "CURRENT"], rows: rows)
      .render(style: style)
  }
}
