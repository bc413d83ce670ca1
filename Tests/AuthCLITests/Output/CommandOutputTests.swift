import Foundation
import Testing

@testable import AuthCLI

/// A command prints one value: its JSON for scripts, its text for people, both from the
/// value's own properties.
@Suite("Command outputs")
struct CommandOutputTests {
  private let time = Date(timeIntervalSince1970: 1_700_000_000)

  private func user(_ name: String, locked: Bool) -> UserListEntry {
    UserListEntry(
      username: name, createdAt: time, lastSignInAt: nil, activeSessions: 2, locked: locked,
      secondFactor: false, expiresAt: nil)
  }

  @Test func aListIsATableOfItsRecordsAndAJSONArrayOfTheSameRecords() throws {
    let users = [user("ada", locked: true), user("bob", locked: false)]
    #expect(
      users.text(style: .plain) == """
        USERNAME  CREATED (UTC)     LAST SIGN-IN (UTC)  SESSIONS  LOCKED  2FA
        ada       2023-11-14 22:13  never               2         yes     off
        bob       2023-11-14 22:13  never               2         no      off

        """)
    guard case .array(let records) = try JSONTreeEncoder.value(of: users) else {
      Issue.record("a list's JSON is not an array")
      return
    }
    #expect(records.count == 2)
    #expect(try JSONText.render(users).contains("\"locked\" : true"))
  }

  @Test func anEmptyListSaysSoOrKeepsItsHeaderAndIsAnEmptyArray() throws {
    #expect([UserListEntry]().text(style: .plain) == "No accounts yet.")
    #expect([GroupListEntry]().text(style: .plain) == "No groups yet.")
    #expect([SessionListEntry]().text(style: .plain).hasPrefix("ID  STARTED (UTC)"))
    #expect(try JSONText.render([UserListEntry]()) == "[]\n")
  }

  @Test func aFactOnlyTheTextNeedsIsNoKey() throws {
    let backup = BackupMade(
      path: "/backups/auth.db", sizeBytes: 4096, schemaVersion: 13, source: "/data/auth.db")
    #expect(backup.text(style: .plain).hasPrefix("Backed up /data/auth.db to /backups/auth.db"))
    guard case .object(let members) = try JSONTreeEncoder.value(of: backup) else {
      Issue.record("the value's JSON is not an object")
      return
    }
    #expect(Set(members.map(\.key)) == Set(BackupMade.keys))
    #expect(!members.contains { $0.key == "source" })
  }

  @Test func theTextFollowsTheValue() {
    #expect(
      SignedOut(endedSessions: 3, everywhere: true).text(style: .plain)
        == "Signed out everywhere: 3 sessions ended.")
    #expect(SignedOut(endedSessions: 1, everywhere: false).text(style: .plain) == "Signed out.")
    let shown = GroupMembersAdded(group: "staff", addedMembers: ["ada"], alreadyMembers: ["bob"])
    #expect(
      shown.text(style: .plain) == "Added ada to staff.\nbob was in staff already.")
  }
}
