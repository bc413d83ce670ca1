import AuthCore
import AuthViewModels
import Observation

/// A password-change view model for previews: shows outputs set by hand (or by a named
/// state), records what the view set and called, and steps as the real one would.
@MainActor
@Observable
public final class ChangePasswordViewModelPreview: BaseViewModel<ChangePasswordStep>,
  ChangePasswordViewModelType, ChangePasswordViewModelInputs, ChangePasswordViewModelOutputs,
  RedactsItself
{
  /// The states a password-change view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Nothing typed yet.
    case empty
    /// Every field typed and refused.
    case invalidFields
    /// Every field valid; submit enabled.
    case ready
    /// Changing the password.
    case loading
    /// Changed; two other sessions ended.
    case changed
  }

  /// Itself.
  public var inputs: any ChangePasswordViewModelInputs {
    get { self }
    set {}
  }
  /// Itself.
  public var outputs: any ChangePasswordViewModelOutputs { self }
  /// The current password as typed (recorded redacted).
  public var currentPassword = "" {
    didSet { received.append("currentPassword = \(Redaction.marker)") }
  }
  /// The new password as typed (recorded redacted).
  public var newPassword = "" { didSet { received.append("newPassword = \(Redaction.marker)") } }
  /// The confirmation as typed (recorded redacted).
  public var confirmation = "" {
    didSet { received.append("confirmation = \(Redaction.marker)") }
  }
  /// As set.
  public var currentPasswordValidation: Validation<Password>?
  /// As set.
  public var newPasswordValidation: Validation<Password>?
  /// As set.
  public var confirmationValidation: Validation<Password>?
  /// As set.
  public var isChangeEnabled = false
  /// As set.
  public var isLoading = false
  /// As set.
  public var endedSessions: Int?
  /// As set.
  public var failure: ChangePasswordFailure?
  /// Every input set or called, oldest first, passwords redacted.
  @ObservationIgnored public private(set) var received: [String] = []
  @ObservationIgnored private let changes: Bool

  /// Outputs in a named state.
  public init(_ state: State) {
    changes = state == .changed
    super.init()
    let current = Validation<Password>.valid(Password(SampleData.password))
    let new = Validation<Password>.valid(Password(SampleData.newPassword))
    switch state {
    case .empty: break
    case .invalidFields:
      currentPasswordValidation = .invalid(errorMessage: StubRules.enterCurrentPassword)
      newPasswordValidation = .invalid(errorMessage: StubRules.passwordContainsUsername)
      confirmationValidation = .invalid(errorMessage: StubRules.passwordsDoNotMatch)
    case .ready, .loading, .changed:
      currentPasswordValidation = current
      newPasswordValidation = new
      confirmationValidation = new
      isChangeEnabled = state != .loading
      isLoading = state == .loading
      endedSessions = state == .changed ? 2 : nil
    }
  }

  /// Records; changes the password in the changed state.
  public func changeTapped() async {
    received.append("changeTapped()")
    if changes { navigator.emit(.userDidChangePassword(endedSessions: 2)) }
  }
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
