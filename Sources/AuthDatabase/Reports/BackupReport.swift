/// What a backup wrote.
public struct BackupReport: Hashable, Sendable {
  /// Where the copy is.
  public let path: String
  /// Its size in bytes.
  public let sizeBytes: Int64
  /// Its schema version (`PRAGMA user_version`), the same as the source's.
  public let schemaVersion: Int

  /// Describes a written backup.
  public init(path: String, sizeBytes: Int64, schemaVersion: Int) {
    self.path = path
    self.sizeBytes = sizeBytes
    self.schemaVersion = schemaVersion
  }
}
