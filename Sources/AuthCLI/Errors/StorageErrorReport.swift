import AuthStorage

/// Exit codes for the storage adapter's own error types.
enum StorageErrorReport {
  /// The report for a storage error, or `nil` when the error is not one of storage's.
  static func report(_ error: any Error) -> ErrorReport? {
    nil
  }
}
