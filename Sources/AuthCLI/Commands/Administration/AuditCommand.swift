import AuthCore
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `authcli audit [--user NAME] [--kind KIND] [--since TIME] [--limit N]`: the audit
/// trail, newest first, as a table or JSON.
@MainActor
struct AuditCommand {
  let context: CommandContext
  let selection: AuditSelection

  func run() async throws {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, subcommand: .audit)
    let root = try AdministrationRoot(location: location, environment: context.process.environment)
    let query = AuditQuery(
      username: selection.username, kinds: selection.kinds.isEmpty ? nil : selection.kinds,
      since: selection.since?.resolve(now: Date()), limit: selection.limit)
    let events = try await root.auditTrail.events(query)
    context.emit(json: events.map(Self.json))
    guard !events.isEmpty else {
      context.show("No events.")
      return
    }
    let rows = events.map { event in
      [
        Timestamp.readable(event.draft.time), event.draft.kind.rawValue,
        event.draft.username ?? "", event.draft.detail,
      ]
    }
    context.show(
      TextTable(headers: ["TIME", "KIND", "USER", "DETAIL"], rows: rows)
        .render(style: context.outputStyle))
  }

  private static func json(_ event: AuthEvent) -> [String: Any] {
    [
      "id": event.id,
      "time": Timestamp.iso8601(event.draft.time),
      "kind": event.draft.kind.rawValue,
      "username": event.draft.username.map { $0 as Any } ?? JSONText.null,
      "user_id": event.draft.userID.map { $0.rawValue as Any } ?? JSONText.null,
      "detail": event.draft.detail,
    ]
  }
}
