import AuthCore
import AuthDatabase
import AuthStorage

// The SQLite adapter's errors from opening a store and from its tools. The adapter words
// what happened once (its conversion to the port's `StoreError`, the same words a unit of
// work's failure has); the steps, which name the front end's commands, are worded here
// from the cases' values.

extension SQLiteError: ReportableFailure {
  /// The report for one of the adapter's errors.
  var report: ErrorReport {
    switch self {
    case .notFound(let path): ErrorReport(CLIError.databaseMissing(path: path))
    case .cannotCreate(let path, let reason):
      ErrorReport(CLIError.cannotCreate(path: path, reason: reason))
    case .unsafeFolder(let path, let reason):
      ErrorReport(StoreError(self), hint: ErrorReport.unsafeHint(path, reason, isFolder: true))
    case .unsafePath(_, let folder, let reason):
      ErrorReport(StoreError(self), hint: ErrorReport.unsafeHint(folder, reason, isFolder: true))
    case .unsafeFile(let path, .readableByOthers):
      // The message ends with the chmod to run; the step after it is the exposure.
      ErrorReport(
        kind: .unsafeFile,
        message: ErrorReport(StoreError(self)).message + "; make it private (chmod 600 "
          + FilePathText.shellWord(path) + ")",
        hint: "Others could have copied its password hashes: after the chmod, reset the "
          + "passwords of accounts that matter ('authcli users reset-password NAME').")
    case .unsafeFile(let path, let reason):
      ErrorReport(StoreError(self), hint: ErrorReport.unsafeHint(path, reason, isFolder: false))
    case .cannotOpenFile(let path, let reason):
      ErrorReport(
        StoreError(self),
        hint: ErrorReport.cannotCreateHint(path: path, reason: reason)
          ?? ErrorKind.ioError.nextStep)
    case .libraryMissing:
      // The store's own step for a missing library names libpq, PostgreSQL's.
      ErrorReport(
        StoreError(self),
        hint: "Install SQLite's library (Debian and Ubuntu: apt-get install libsqlite3-0).")
    case .foreignDatabase:
      // A text dump of an authcli database looks like this too (it drops the schema
      // version), so the refusal says how such a copy is taken back.
      ErrorReport(
        StoreError(self),
        hint: "A text dump of an authcli database becomes usable with 'authcli migrate --adopt'.")
    case .engine, .isDirectory, .notADatabase, .emptyFile, .corrupt, .cannotOpen, .schemaTooNew,
      .migrationFailed, .unexpectedValue, .foreignKeysBroken, .unexpectedSchema:
      ErrorReport(StoreError(self))
    }
  }
}

extension SQLiteEngineError: ReportableFailure {
  /// The report for SQLite's own error.
  var report: ErrorReport { ErrorReport(StoreError(self)) }
}

extension MigrationSetError: ReportableFailure {
  /// The report for embedded migrations that are not a valid set.
  var report: ErrorReport {
    ErrorReport(kind: .migrationFailed, message: capitalized(description))
  }
}

extension BackupError: ReportableFailure {
  /// The report for a backup that was not taken.
  var report: ErrorReport {
    switch self {
    case .destinationExists(let path): ErrorReport(CLIError.fileExists(path: path))
    case .cannotCreate(let path, let reason):
      ErrorReport(CLIError.cannotCreate(path: path, reason: reason))
    case .integrityCheckFailed:
      ErrorReport(kind: .corruptDatabase, message: capitalized(description))
    case .unsafeFolder:
      ErrorReport(kind: .unsafeFile, message: capitalized(description))
    }
  }
}

extension AdoptionError: ReportableFailure {
  /// The report for a copy `migrate --adopt` refused.
  var report: ErrorReport {
    ErrorReport(
      kind: .notAdopted, message: "Not adopted: " + description + "; nothing was changed")
  }
}

private func capitalized(_ text: String) -> String {
  text.prefix(1).uppercased() + text.dropFirst()
}
