import AuthViewModels

/// The start scene in named states: the real `AuthenticateViewModel`.
@MainActor
public enum AuthenticateViewModelPreview {
  /// The states a start view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// The first start.
    case plain
    /// Just signed out.
    case signedOut
  }

  /// The view model in `state`.
  public static func make(_ state: State) async -> AuthenticateViewModel {
    AuthenticateViewModel(notice: state == .signedOut ? "Signed out." : nil)
  }
}
