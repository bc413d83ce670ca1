/// Why a use case refused, beyond field validation. Storage failures pass
/// through as `StoreError` or the adapter's own error type.
public enum AuthError: Error, Hashable, Sendable {
  /// The token is unknown, expired or revoked.
  case notSignedIn
  /// The session is not one of the signed-in user's.
  case sessionNotFound
}
