import Observation

/// What the start scene shows.
@MainActor
@Observable
public final class AuthenticateOutputs {
  /// Shows a one-line notice about what just happened ("Signed out."), if any.
  public internal(set) var notice: String?

  /// Builds the outputs in a given state (view models and previews).
  public init(notice: String? = nil) {
    self.notice = notice
  }
}
