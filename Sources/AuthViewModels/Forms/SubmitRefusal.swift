import AuthCore

/// A field's refusal from the last submit (such as "taken" or "incorrect"),
/// which only the use case can know. It stays on the field until the field's
/// text changes, after which the live check speaks again.
struct SubmitRefusal: Equatable {
  /// The text that was refused.
  let text: String
  /// Why.
  let message: String

  /// The refusal of a field in a submit's answer, if the field was refused.
  init?<Value>(_ validation: Validation<Value>, text: String) {
    guard let message = validation.errorMessage else { return nil }
    self.text = text
    self.message = message
  }

  /// A refusal the use case gave in its own words.
  init(message: String, text: String) {
    self.text = text
    self.message = message
  }

  /// The check to show for a field now: this refusal while its text is
  /// unchanged, the live check otherwise.
  static func shown<Value>(
    _ live: Validation<Value>, refusal: SubmitRefusal?, text: String
  ) -> Validation<Value> {
    guard let refusal, refusal.text == text else { return live }
    return .invalid(errorMessage: refusal.message)
  }
}
