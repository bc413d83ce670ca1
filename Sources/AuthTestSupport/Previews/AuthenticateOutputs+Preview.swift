import AuthViewModels

extension AuthenticateOutputs {
  /// The states a start view is shown in.
  public enum PreviewState: CaseIterable, Sendable {
    /// The first start.
    case plain
    /// Just signed out.
    case signedOut
  }

  /// Outputs in a given state.
  public static func preview(_ state: PreviewState) -> AuthenticateOutputs {
    switch state {
    case .plain: AuthenticateOutputs()
    case .signedOut: AuthenticateOutputs(notice: "Signed out.")
    }
  }
}
