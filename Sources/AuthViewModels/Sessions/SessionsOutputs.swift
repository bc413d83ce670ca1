import AuthCore
import Observation

/// What the list of sessions shows.
@MainActor
@Observable
public final class SessionsOutputs {
  /// Shows the user's sessions, newest first, the current one marked.
  public internal(set) var sessions: [SessionSummary]
  /// Shows the session the last revoke ended.
  public internal(set) var revokedSession: SessionID?
  /// Shows that the list is loading or a revoke is running.
  public internal(set) var isLoading: Bool
  /// Shows why the last action failed.
  public internal(set) var failure: SessionsFailure?

  /// Shows the failure's message, if any.
  public var errorMessage: String? { failure?.description }

  /// Builds the outputs in a given state (view models and previews).
  public init(
    sessions: [SessionSummary] = [], revokedSession: SessionID? = nil, isLoading: Bool = false,
    failure: SessionsFailure? = nil
  ) {
    self.sessions = sessions
    self.revokedSession = revokedSession
    self.isLoading = isLoading
    self.failure = failure
  }
}
