import AuthCore
import AuthViewModels
import Observation

/// A sessions view model for previews: shows outputs set by hand (or by a named state),
/// records what the view called, and steps as the real one would.
@MainActor
@Observable
public final class SessionsViewModelPreview: BaseViewModel<SessionsStep>,
  SessionsViewModelType, SessionsViewModelInputs, SessionsViewModelOutputs
{
  /// The states a sessions view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Loading the list.
    case loading
    /// Three sessions, the first current.
    case loaded
    /// Session 7 was just revoked.
    case revoked
    /// The revoked id was not one of the user's.
    case failed
  }

  /// Itself.
  public var inputs: any SessionsViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any SessionsViewModelOutputs { self }
  /// As set.
  public var sessions: [SessionSummary] = []
  /// As set.
  public var revokedSession: SessionID?
  /// As set.
  public var isLoading = false
  /// As set.
  public var failure: SessionsFailure?
  /// Every input called, oldest first.
  @ObservationIgnored public private(set) var received: [String] = []

  /// Outputs in a named state, from the sample sessions.
  public init(_ state: State) {
    super.init()
    switch state {
    case .loading: isLoading = true
    case .loaded: sessions = SampleData.summaries
    case .revoked:
      sessions = SampleData.summaries.filter { $0.session.id.rawValue != 7 }
      revokedSession = SessionID(rawValue: 7)
    case .failed:
      sessions = SampleData.summaries
      failure = .sessionNotFound
    }
  }

  /// Records.
  public func revokeTapped(_ id: SessionID) async { received.append("revokeTapped(\(id))") }
  /// Records.
  public func refreshTapped() async { received.append("refreshTapped()") }
  /// Records and steps back.
  public func backTapped() {
    received.append("backTapped()")
    navigator.emit(.userIntendsToGoBack)
  }
  /// Records.
  public func viewDidAppear() async { received.append("viewDidAppear()") }
  /// Records and steps back.
  public func viewDidDismiss() {
    received.append("viewDidDismiss()")
    navigator.emit(.userIntendsToGoBack)
  }
}
