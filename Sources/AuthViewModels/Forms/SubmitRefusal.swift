import AuthCore

/// A field's refusal from the last submit (such as "taken" or "incorrect"),
/// which only the use case can know. It stays on the field until the field's
/// text changes, after which the live check speaks again.
struct SubmitRefusal: Equatable {
  /// The text that was refused.
  let text: String
  /// Why.
  let message: String
  /// Which rule, for programs.
  let reason: ValidationReason

  /// The refusal of a field in a submit's answer, if the field was refused.
  init?<Value>(_ validation: Validation<Value>, text: String) {
    guard let message = validation.errorMessage else { return nil }
    self.text = text
    self.message = message
    self.reason = validation.reason ?? .unspecified
  }

  /// A refusal the use case gave in its own words.
  init(message: String, reason: ValidationReason = .unspecified, text: String) {
    self.text = text
    self.message = message
    self.reason = reason
  }
}

/// What every form shows of its fields' checks, computed from the fields as typed each time a
/// view reads them: nothing for a field until it is edited (or a submit is tried), a
/// submit's refusal while the refused text is unchanged, the use case's live check otherwise.
struct FormChecks<Field: Hashable>: Equatable {
  private var edited: Set<Field> = []
  private var refusals: [Field: SubmitRefusal] = [:]

  /// The user edited a field.
  mutating func edit(_ field: Field) { edited.insert(field) }
  /// A submit was tried: every field shows its reason, edited or not.
  mutating func showAll(_ fields: [Field]) { edited.formUnion(fields) }

  /// Keeps a field's refusal from a submit's answer (none when the field passed).
  mutating func refuse<Value>(_ field: Field, _ validation: Validation<Value>, text: String) {
    refusals[field] = SubmitRefusal(validation, text: text)
  }

  /// Keeps a refusal in the use case's own words.
  mutating func refuse(
    _ field: Field, message: String, reason: ValidationReason = .unspecified, text: String
  ) {
    refusals[field] = SubmitRefusal(message: message, reason: reason, text: text)
  }

  /// The field's check now: its refusal while the text is unchanged, the live check otherwise.
  func check<Value>(_ field: Field, _ live: Validation<Value>, text: String) -> Validation<Value> {
    guard let refusal = refusals[field], refusal.text == text else { return live }
    return .invalid(errorMessage: refusal.message, reason: refusal.reason)
  }

  /// The check as the form shows it: `nil` until the field was edited.
  func shown<Value>(_ field: Field, _ live: Validation<Value>, text: String) -> Validation<Value>? {
    edited.contains(field) ? check(field, live, text: text) : nil
  }

  /// Whether the field's check passes now, shown or not.
  func passes<Value>(_ field: Field, _ live: Validation<Value>, text: String) -> Bool {
    check(field, live, text: text).isValid
  }
}
