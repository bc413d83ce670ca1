/// The requests carry passwords as typed, so printing one (string interpolation, a
/// logger, `dump`, a failed test's message) must not show them: each describes itself
/// and reflects with its password fields redacted.
extension SignInRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The username, and the password redacted.
  public var description: String {
    "SignInRequest(username: \(String(reflecting: username)), password: redacted)"
  }
  /// Same as `description`.
  public var debugDescription: String { description }
  /// The username, and the password redacted.
  public var customMirror: Mirror {
    Mirror(self, children: ["username": username, "password": Redacted()])
  }
}

extension SignUpRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The username, and both passwords redacted.
  public var description: String {
    "SignUpRequest(username: \(String(reflecting: username)), password: redacted, "
      + "confirmation: redacted)"
  }
  /// Same as `description`.
  public var debugDescription: String { description }
  /// The username, and both passwords redacted.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["username": username, "password": Redacted(), "confirmation": Redacted()])
  }
}

extension ChangePasswordRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// Every field redacted.
  public var description: String {
    "ChangePasswordRequest(currentPassword: redacted, newPassword: redacted, "
      + "confirmation: redacted)"
  }
  /// Same as `description`.
  public var debugDescription: String { description }
  /// Every field redacted.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "currentPassword": Redacted(), "newPassword": Redacted(), "confirmation": Redacted(),
      ])
  }
}

/// What a mirror shows in place of a secret.
private struct Redacted: CustomStringConvertible {
  var description: String { "redacted" }
}

extension NewPasswordRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// Both fields redacted.
  public var description: String {
    "NewPasswordRequest(newPassword: redacted, confirmation: redacted)"
  }
  /// Same as `description`.
  public var debugDescription: String { description }
  /// Both fields redacted.
  public var customMirror: Mirror {
    Mirror(self, children: ["newPassword": Redacted(), "confirmation": Redacted()])
  }
}
