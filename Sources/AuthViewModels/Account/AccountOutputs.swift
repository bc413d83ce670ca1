import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the home scene shows.
@MainActor
@Observable
public final class AccountOutputs {
  /// Shows who is signed in, once loaded.
  public internal(set) var username: String?
  /// Shows when this session started, once loaded.
  public internal(set) var signedInAt: Date?
  /// Shows when this session ends unless used again, once loaded.
  public internal(set) var expiresAt: Date?
  /// Shows how many sessions "sign out everywhere" ended, once done.
  public internal(set) var endedSessions: Int?
  /// Shows that the session is being loaded or a sign-out is running.
  public internal(set) var isLoading: Bool
  /// Shows why the last action failed.
  public internal(set) var failure: AccountFailure?

  /// Shows the failure's message, if any.
  public var errorMessage: String? { failure?.description }

  /// Builds the outputs in a given state (view models and previews).
  public init(
    username: String? = nil, signedInAt: Date? = nil, expiresAt: Date? = nil,
    endedSessions: Int? = nil, isLoading: Bool = false, failure: AccountFailure? = nil
  ) {
    self.username = username
    self.signedInAt = signedInAt
    self.expiresAt = expiresAt
    self.endedSessions = endedSessions
    self.isLoading = isLoading
    self.failure = failure
  }
}
