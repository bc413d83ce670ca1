/// A `TokenSource` that broke its own contract.
public enum TokenSourceError: Error, Hashable, Sendable {
  /// A token it made could not be hashed back.
  case unhashableToken
}
