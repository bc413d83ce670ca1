/// Failures of a store that the layers above act on. Adapters throw these for
/// the cases named here and their own typed errors for everything else.
public enum StoreError: Error, Hashable, Sendable {
  /// The canonical username already exists (from the UNIQUE constraint).
  case usernameTaken
  /// The database stayed locked by another writer past the busy timeout.
  case busy
}
