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
  /// how a front end answers (an exit code), and the sentence the adapter words for people.
  /// The sentence names paths, steps or the engine's reason, never a bound value.
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
      /// A migration could not be applied.
      case migrationFailed
      /// A file or folder of the store is a link, foreign-owned, or open to others.
      case unsafeFile
      /// Reading or writing the store's files failed.
      case ioError
      /// The engine, its library or its server cannot be reached.
      case unavailable
      /// The engine refused the account the store connects as.
      case permissionDenied
      /// The store's location cannot be read (a malformed address).
      case invalidLocation
      /// The store is reachable but not set up for this program (no schema to use).
      case notConfigured
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
    /// The sentence for people, as the adapter words it.
    public let message: String
    /// A line telling what to do about it, when the adapter knows one.
    public let hint: String?

    /// Describes an engine's failure.
    public init(_ kind: Kind, message: String, hint: String? = nil) {
      self.kind = kind
      self.message = message
      self.hint = hint
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
        hint: "Delete or move the account's rows in \(table ?? "that table") first, or give its"
          + " foreign key ON DELETE CASCADE; then delete the account again."))
  }
}
