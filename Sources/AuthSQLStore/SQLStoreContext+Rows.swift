import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Each entity's columns, listed once for both engines, and the one decoder that reads them
// by name. Tables joined to `users` name their own columns apart (`session_id`, …), so the
// user's read the same in every result.

extension SQLStoreContext {
  /// The columns of `user(from:)`.
  package static var userColumns: Query {
    "users.id, users.username, users.created_at, users.updated_at"
  }

  /// The columns of `userRecord(from:)`; the account's expiry is named apart from a
  /// session's `expires_at`.
  package static var userRecordColumns: Query {
    """
    \(userColumns), users.password_hash, users.locked_at, users.lock_reason,
    users.expires_at AS account_expires_at, users.password_change_required
    """
  }

  /// The columns of `session(from:)`.
  package static var sessionColumns: Query {
    """
    sessions.id AS session_id, sessions.user_id, sessions.created_at AS session_created_at,
    sessions.last_used_at, sessions.expires_at
    """
  }

  /// The columns of `groupSummary(from:)`, in a query grouped by `user_groups.id`.
  package static var groupSummaryColumns: Query {
    "user_groups.name AS group_name, \(Query.builtInSchema)count(*) AS member_count"
  }

  // The two decoders of the session check are public and inlinable, so that each engine
  // reads their columns with direct calls (figure 1 of docs/performance.md; see `run`).

  /// Reads a user from `userColumns`.
  @inlinable public static func user(from row: Row) throws(Failure) -> User {
    User(
      id: UserID(rawValue: try row.decode(Int64.self, "id")),
      username: try row.decode(String.self, "username"),
      createdAt: try row.decode(Date.self, "created_at"),
      updatedAt: try row.decode(Date.self, "updated_at"))
  }

  /// Reads a session from `sessionColumns`.
  @inlinable public static func session(from row: Row) throws(Failure) -> Session {
    Session(
      id: SessionID(rawValue: try row.decode(Int64.self, "session_id")),
      userID: UserID(rawValue: try row.decode(Int64.self, "user_id")),
      createdAt: try row.decode(Date.self, "session_created_at"),
      lastUsedAt: try row.decode(Date.self, "last_used_at"),
      expiresAt: try row.decode(Date.self, "expires_at"))
  }

  /// Reads a record from `userRecordColumns`.
  package static func userRecord(from row: Row) throws(Failure) -> UserRecord {
    let lock = try row.decode(Date?.self, "locked_at").map { lockedAt throws(Failure) in
      AccountLock(lockedAt: lockedAt, reason: try row.decode(String?.self, "lock_reason") ?? "")
    }
    return UserRecord(
      user: try user(from: row), passwordHash: try row.decode(String.self, "password_hash"),
      lock: lock, expiresAt: try row.decode(Date?.self, "account_expires_at"),
      passwordChangeRequired: try row.decode(Bool.self, "password_change_required"))
  }

  /// Reads a throttle's columns `consecutive_failures`, `locked_until` and
  /// `last_failure_at`, where 0 stands for an unknown age (the column is NOT NULL).
  package static func throttle(from row: Row) throws(Failure) -> ThrottleState {
    let lastFailure = try row.decode(Int64.self, "last_failure_at")
    return ThrottleState(
      consecutiveFailures: try row.decode(Int.self, "consecutive_failures"),
      lockedUntil: try row.decode(Date?.self, "locked_until"),
      lastFailureAt: lastFailure > 0 ? try row.decode(Date.self, "last_failure_at") : nil)
  }

  /// Reads the group name of a row's `group_name`; a stored name the rules refuse is a
  /// damaged row.
  package static func groupName(from row: Row) throws(Failure) -> GroupName {
    guard let name = GroupName.validate(try row.decode(String.self, "group_name")).asValidated
    else { throw row.unexpectedValue(in: "group_name") }
    return name
  }

  /// Reads a group from `groupSummaryColumns`.
  package static func groupSummary(from row: Row) throws(Failure) -> GroupSummary {
    GroupSummary(
      name: try groupName(from: row), memberCount: try row.decode(Int.self, "member_count"))
  }

  /// Reads an audit event from `auth_events`' columns (its name as the query chose it).
  package static func event(from row: Row) throws(Failure) -> AuthEvent {
    guard let kind = AuthEventKind(rawValue: try row.decode(String.self, "kind")) else {
      throw unexpectedValue(in: "auth_events.kind")
    }
    let draft = AuthEventDraft(
      time: try row.decode(Date.self, "time"), kind: kind,
      userID: try row.decode(Int64?.self, "user_id").map(UserID.init),
      username: try row.decode(String?.self, "username"),
      detail: try row.decode(String.self, "detail"))
    return AuthEvent(id: try row.decode(Int64.self, "id"), draft: draft)
  }
}
