/// Failures of a store, as the layers above see them: the two cases use cases act on, and
/// every other failure of the engine in a form that names no engine.
public enum StoreError: Error, Hashable, Sendable {
  /// The canonical username already exists (from the UNIQUE constraint).
  case usernameTaken
  /// The database stayed locked by another writer past the busy timeout.
  case busy
  /// The engine failed otherwise: a damaged file, a lost server, a bug.
  case failed(Failure)
}

extension StoreError {
  /// An engine's failure in engine-neutral terms: what sort of failure it is, which decides
  /// how a front end answers (an exit code, and the step it names), and the sentence the
  /// adapter words about what happened. The sentence names paths or the engine's reason,
  /// never a bound value, and no step to take: what to do next is the front end's to word,
  /// from the sort and the data carried here, since only it knows its commands.
  public struct Failure: Hashable, Sendable, CustomStringConvertible {
    /// What sort of failure it is.
    public enum Kind: Hashable, Sendable, CaseIterable {
      /// The file is not a database of the engine at all.
      case notADatabase
      /// The database belongs to another program.
      case notAnAuthcliDatabase
      /// The data fails its integrity check, or a row holds a value the schema forbids.
      case corrupt
      /// A newer version wrote the schema; it is left alone.
      case schemaTooNew
      /// The schema holds objects its migrations do not create.
      case unexpectedSchema
      /// The store's schema belongs to a role that could change what its statements do;
      /// nothing was read or written in it.
      case foreignSchema
      /// A migration could not be applied.
      case migrationFailed
      /// A file or folder of the store is a link, foreign-owned, or open to others.
      case unsafeFile
      /// Reading or writing the store's files failed.
      case ioError
      /// The engine's client library, which is loaded at run time, cannot be loaded.
      case libraryMissing
      /// No connection to the server could be made: it refused, is not running, or is
      /// unknown (which a moment later may have changed).
      case unreachable
      /// No connection could be made with the server's certificate checked.
      case certificateUnverified
      /// An open connection broke during the work; a commit it cut off may have been kept.
      case connectionLost
      /// The engine or its server cannot be used for another reason.
      case unavailable
      /// The engine refused the account the store connects as.
      case permissionDenied
      /// The store's location cannot be read (a malformed address).
      case invalidLocation
      /// The store is reachable but not set up for this program (no schema to use).
      case notConfigured
      /// The store has none of its tables yet, and the work may not create them.
      case notMigrated
      /// The engine refused for want of resources or for a conflicting lock; trying again
      /// may succeed.
      case contended
      /// An app's table still references the row being deleted through a foreign key that
      /// neither cascades nor sets null, so nothing was deleted.
      case stillReferenced
      /// The engine answered with an error the store does not expect.
      case unexpected
      /// The unit of work failed with an error that is neither the engine's nor the use
      /// case's (a bug).
      case unknown
    }

    /// What sort of failure it is.
    public let kind: Kind
    /// The sentence for people, as the adapter words it: what happened, not what to do.
    public let message: String
    /// The table the failure is about, when the engine named one (the app's table that
    /// still references an account), so that a front end's step can name it too.
    public let table: String?

    /// Describes an engine's failure.
    public init(_ kind: Kind, message: String, table: String? = nil) {
      self.kind = kind
      self.message = message
      self.table = table
    }

    /// The message.
    public var description: String { message }
  }
}

extension StoreError {
  /// An account an app's table still references, through a foreign key that neither
  /// cascades nor sets null (`REFERENCES users (id)` without `ON DELETE CASCADE`): the
  /// deletion refused, worded once for both engines. `table` is the app's table, when the
  /// engine could tell which.
  public static func accountReferenced(byTable table: String?) -> StoreError {
    let holder = table.map { "table \($0)" } ?? "an app's table"
    return .failed(
      Failure(
        .stillReferenced,
        message: "The account is still referenced by \(holder), whose foreign key to users"
          + " neither cascades nor sets null; nothing was deleted",
        table: table))
  }
}
