import AuthCore
import AuthViewModels
import Foundation
import Observation

/// A home view model for previews: shows outputs set by hand (or by a named state),
/// records what the view called, and steps as the real one would.
@MainActor
@Observable
public final class AccountViewModelPreview: BaseViewModel<AccountStep>, AccountViewModelType,
  AccountViewModelInputs, AccountViewModelOutputs
{
  /// The states a home view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Loading the session.
    case loading
    /// The sample user's session, loaded.
    case loaded
    /// A sign-out everywhere ended three sessions.
    case signedOutEverywhere
    /// The database was busy.
    case failed
  }

  /// Itself.
  public var inputs: any AccountViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any AccountViewModelOutputs { self }
  /// As set.
  public var username: String?
  /// As set.
  public var signedInAt: Date?
  /// As set.
  public var expiresAt: Date?
  /// As set.
  public var endedSessions: Int?
  /// As set.
  public var isLoading = false
  /// As set.
  public var failure: AccountFailure?
  /// Every input called, oldest first.
  @ObservationIgnored public private(set) var received: [String] = []

  /// Outputs in a named state, from the sample session.
  public init(_ state: State) {
    super.init()
    let session = SampleData.authenticated
    switch state {
    case .loading: isLoading = true
    case .failed: failure = .busy
    case .loaded, .signedOutEverywhere:
      username = session.user.username
      signedInAt = session.session.createdAt
      expiresAt = session.session.expiresAt
      endedSessions = state == .signedOutEverywhere ? 3 : nil
    }
  }

  /// Records and steps to the sessions.
  public func sessionsTapped() { step("sessionsTapped()", .userIntendsToSeeSessions) }
  /// Records and steps to the password change.
  public func changePasswordTapped() {
    step("changePasswordTapped()", .userIntendsToChangePassword)
  }
  /// Records and steps signed out.
  public func signOutTapped() async { step("signOutTapped()", .userDidSignOut) }
  /// Records and steps signed out.
  public func signOutEverywhereTapped() async {
    step("signOutEverywhereTapped()", .userDidSignOut)
  }
  /// Records and steps out.
  public func quitTapped() { step("quitTapped()", .userIntendsToQuit) }
  /// Records.
  public func viewDidAppear() async { received.append("viewDidAppear()") }
  /// Records and steps out.
  public func viewDidDismiss() { step("viewDidDismiss()", .userIntendsToQuit) }

  private func step(_ input: String, _ step: AccountStep) {
    received.append(input)
    navigator.emit(step)
  }
}
