import AuthDatabase
import AuthStorage

/// Exit codes for the storage adapter's own error types.
enum StorageErrorReport {
  /// SQLite's primary result codes that decide an exit code (values from sqlite3.h).
  private enum PrimaryCode {
    static let permission: Int32 = 3
    static let readOnly: Int32 = 8
    static let ioError: Int32 = 10
    static let corrupt: Int32 = 11
    static let full: Int32 = 13
    static let cannotOpen: Int32 = 14
    static let notADatabase: Int32 = 26
  }

  /// The report for a storage error, or `nil` when the error is not one of storage's.
  /// Messages name paths and steps only: storage errors never carry bound values.
  static func report(_ error: any Error) -> ErrorReport? {
    switch error {
    case let error as StorageError: report(error)
    case let error as SQLiteError: report(error)
    case let error as MigrationSetError:
      ErrorReport(kind: .migrationFailed, message: capitalized(error.description))
    case let error as BackupError: report(error)
    case let error as AdoptionError:
      ErrorReport(
        kind: .notAdopted, message: "Not adopted: " + error.description + "; nothing was changed")
    default: nil
    }
  }

  private static func report(_ error: StorageError) -> ErrorReport {
    switch error {
    case .notFound(let path): ErrorReport(CLIError.databaseMissing(path: path))
    case .cannotCreate(let path, let reason):
      ErrorReport(CLIError.cannotCreate(path: path, reason: reason))
    case .isDirectory, .notADatabase, .emptyFile:
      ErrorReport(kind: .notADatabase, message: capitalized(error.description))
    case .foreignDatabase:
      // A text dump of an authcli database looks like this too (it drops the schema
      // version), so the refusal says how such a copy is taken back.
      ErrorReport(
        kind: .notAnAuthcliDatabase, message: capitalized(error.description),
        hint: "A text dump of an authcli database becomes usable with 'authcli migrate --adopt'.")
    case .corrupt, .unexpectedValue:
      ErrorReport(kind: .corruptDatabase, message: capitalized(error.description))
    case .foreignKeysBroken:
      ErrorReport(kind: .migrationFailed, message: capitalized(error.description))
    case .schemaTooNew:
      ErrorReport(kind: .schemaTooNew, message: capitalized(error.description))
    case .unexpectedSchema:
      ErrorReport(kind: .unexpectedSchema, message: capitalized(error.description))
    case .unsafeFile, .unsafeFolder, .unsafePath:
      ErrorReport(kind: .unsafeFile, message: capitalized(error.description))
    case .cannotOpenFile:
      ErrorReport(kind: .ioError, message: capitalized(error.description))
    case .migrationFailed(_, let underlying):
      underlying.isBusy
        ? busy : ErrorReport(kind: .migrationFailed, message: capitalized(error.description))
    case .cannotOpen(let path, let underlying):
      underlying.isBusy
        ? busy
        : ErrorReport(
          kind: kind(for: underlying),
          message: "Cannot open database \(path): \(underlying.message)")
    }
  }

  private static func report(_ error: BackupError) -> ErrorReport {
    switch error {
    case .destinationExists(let path): ErrorReport(CLIError.fileExists(path: path))
    case .cannotCreate(let path, let reason):
      ErrorReport(CLIError.cannotCreate(path: path, reason: reason))
    case .integrityCheckFailed:
      ErrorReport(kind: .corruptDatabase, message: capitalized(error.description))
    case .unsafeFolder:
      ErrorReport(kind: .unsafeFile, message: capitalized(error.description))
    }
  }

  private static func report(_ error: SQLiteError) -> ErrorReport {
    if error.isBusy { return busy }
    return ErrorReport(kind: kind(for: error), message: "Database error: \(error.message)")
  }

  private static func kind(for error: SQLiteError) -> ErrorKind {
    switch error.primaryCode {
    case PrimaryCode.corrupt: .corruptDatabase
    case PrimaryCode.notADatabase: .notADatabase
    case PrimaryCode.ioError, PrimaryCode.full, PrimaryCode.cannotOpen, PrimaryCode.readOnly,
      PrimaryCode.permission:
      .ioError
    default: .databaseError
    }
  }

  private static let busy = ErrorReport(
    kind: .busy, message: "The database is busy (locked by another process).",
    hint: "Try again.")

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
