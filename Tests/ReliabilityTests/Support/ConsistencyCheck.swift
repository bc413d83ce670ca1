import Testing

/// The checks every reliability case ends with: the file is sound, nothing points at a
/// missing row, and every account has a real Argon2id hash.
enum ConsistencyCheck {
  /// Reads the database and records a test issue for every broken rule; returns the snapshot.
  @discardableResult
  static func expectConsistent(
    _ path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> DatabaseSnapshot {
    let snapshot = try DatabaseSnapshot.read(path)
    #expect(snapshot.integrity == "ok", "integrity_check", sourceLocation: sourceLocation)
    #expect(snapshot.foreignKeyViolations == 0, "foreign_key_check", sourceLocation: sourceLocation)
    #expect(snapshot.orphanSessions == 0, "sessions without a user", sourceLocation: sourceLocation)
    #expect(
      snapshot.usersWithoutValidHash.isEmpty, "users without an Argon2id hash",
      sourceLocation: sourceLocation)
    return snapshot
  }
}
