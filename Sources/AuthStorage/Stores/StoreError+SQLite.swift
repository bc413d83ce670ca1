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
    let message = error.description.prefix(1).uppercased() + error.description.dropFirst()
    switch error {
    case .engine(let underlying):
      self = StoreError(underlying)
    case .notFound, .cannotCreate, .cannotOpenFile:
      self = .failed(StoreError.Failure(.ioError, message: message))
    case .isDirectory, .notADatabase, .emptyFile:
      self = .failed(StoreError.Failure(.notADatabase, message: message))
    case .foreignDatabase:
      self = .failed(StoreError.Failure(.notAnAuthcliDatabase, message: message))
    case .corrupt, .unexpectedValue:
      self = .failed(StoreError.Failure(.corrupt, message: message))
    case .foreignKeysBroken:
      self = .failed(StoreError.Failure(.migrationFailed, message: message))
    case .schemaTooNew:
      self = .failed(StoreError.Failure(.schemaTooNew, message: message))
    case .unexpectedSchema:
      self = .failed(StoreError.Failure(.unexpectedSchema, message: message))
    case .unsafeFile, .unsafeFolder, .unsafePath:
      self = .failed(StoreError.Failure(.unsafeFile, message: message))
    case .migrationFailed(_, let underlying):
      self =
        underlying.isBusy ? .busy : .failed(StoreError.Failure(.migrationFailed, message: message))
    case .cannotOpen(let path, let underlying):
      self =
        underlying.isBusy
        ? .busy
        : .failed(
          StoreError.Failure(
            Self.kind(of: underlying),
            message: "Cannot open database \(path): \(underlying.message)"))
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
