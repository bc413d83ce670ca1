import AuthCore
import CSQLite

extension StoreError {
  /// SQLite's own error: `busy` for a lock held past the timeout, else the primary code
  /// decides the kind, and the message is SQLite's (which names no bound value).
  public init(_ error: SQLiteEngineError) {
    if error.isBusy {
      self = .busy
    } else {
      self = .failed(
        StoreError.Failure(Self.kind(of: error), message: "Database error: \(error.message)"))
    }
  }

  /// The adapter's error, what happened worded once here for every front end; the step is
  /// the front end's.
  public init(_ error: SQLiteError) {
    switch error {
    case .engine(let underlying):
      self = StoreError(underlying)
    case .migrationFailed(_, let underlying) where underlying.isBusy,
      .cannotOpen(_, let underlying) where underlying.isBusy:
      self = .busy
    case .cannotOpen(let path, let underlying):
      self = .failed(
        StoreError.Failure(
          Self.kind(of: underlying),
          message: "Cannot open database \(path): \(underlying.message)"))
    default:
      let message = error.description.prefix(1).uppercased() + error.description.dropFirst()
      self = .failed(StoreError.Failure(Self.kind(of: error), message: message))
    }
  }

  /// The sort of each of the adapter's own errors; an engine error's code decides its own.
  private static func kind(of error: SQLiteError) -> StoreError.Failure.Kind {
    switch error {
    case .engine(let underlying), .cannotOpen(_, let underlying): kind(of: underlying)
    case .libraryMissing: .libraryMissing
    case .notFound, .cannotCreate, .cannotOpenFile: .ioError
    case .isDirectory, .notADatabase, .emptyFile: .notADatabase
    case .foreignDatabase: .notAnAuthcliDatabase
    case .corrupt, .unexpectedValue: .corrupt
    case .foreignKeysBroken, .migrationFailed: .migrationFailed
    case .schemaTooNew: .schemaTooNew
    case .unexpectedSchema: .unexpectedSchema
    case .unsafeFile, .unsafeFolder, .unsafePath: .unsafeFile
    }
  }

  /// SQLite's primary result codes that decide a kind; the rest are unexpected.
  private static func kind(of error: SQLiteEngineError) -> StoreError.Failure.Kind {
    switch error.primaryCode {
    case SQLITE_CORRUPT: .corrupt
    case SQLITE_NOTADB: .notADatabase
    case SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: .ioError
    default: .unexpected
    }
  }
}
