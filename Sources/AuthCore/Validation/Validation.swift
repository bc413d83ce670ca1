/// The outcome of checking one value: the checked value, or why it was refused.
///
/// Field validators are small pure functions that return one of these; use cases
/// answer with them, and view models show `errorMessage` under the field.
public enum Validation<Validated> {
  /// The value passed every rule; carries the value in its checked form.
  case valid(Validated)
  /// The value broke a rule; the message says which, in words for the user, and the
  /// reason names the rule for programs.
  case invalid(errorMessage: String, reason: ValidationReason = .unspecified)

  /// The checked value, or `nil` when invalid.
  public var asValidated: Validated? {
    if case .valid(let value) = self { return value }
    return nil
  }

  /// The message to show, or `nil` when valid.
  public var errorMessage: String? {
    if case .invalid(let message, _) = self { return message }
    return nil
  }

  /// The rule that refused the value, or `nil` when valid.
  public var reason: ValidationReason? {
    if case .invalid(_, let reason) = self { return reason }
    return nil
  }

  /// Whether the value passed.
  public var isValid: Bool { asValidated != nil }

  /// Transforms the checked value, keeping an invalid result's message.
  public func map<Other>(_ transform: (Validated) -> Other) -> Validation<Other> {
    switch self {
    case .valid(let value): .valid(transform(value))
    case .invalid(let message, let reason): .invalid(errorMessage: message, reason: reason)
    }
  }
}

extension Validation: Equatable where Validated: Equatable {}
extension Validation: Hashable where Validated: Hashable {}
extension Validation: Sendable where Validated: Sendable {}
