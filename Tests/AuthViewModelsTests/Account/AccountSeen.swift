import AuthCore
import AuthViewModels
import Foundation

/// The account outputs at one moment.
struct AccountSeen: Equatable {
  var username: String?
  var sessionID: SessionID?
  var signedInAt: Date?
  var expiresAt: Date?
  var ended: Int?
  var loading = false
  var error: String?

  @MainActor
  static func of(_ viewModel: some AccountViewModelType) -> AccountSeen {
    let output = viewModel.outputs
    return AccountSeen(
      username: output.username, sessionID: output.sessionID, signedInAt: output.signedInAt,
      expiresAt: output.expiresAt,
      ended: output.endedSessions, loading: output.isLoading, error: output.failure?.description)
  }
}
