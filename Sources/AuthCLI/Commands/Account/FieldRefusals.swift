import AuthCore

/// The fields a form's view model refused, as the error that sets the exit code: one
/// `field: message` line each (65), and in JSON each field with its kind. A form that
/// neither stepped on, nor showed a failure, nor refused a field is a bug (70).
enum FieldRefusals {
  static func error(_ fields: [FieldError?]) -> CLIError {
    let refused = fields.compactMap { $0 }
    if refused.isEmpty { return .internalFailure("The form neither finished nor said why") }
    return .validationFailed(refused)
  }

  /// Why a form did not finish: its failure outside the fields when it shows one, else the
  /// fields it refused.
  static func error(_ failure: (some Error)?, _ fields: [FieldError?]) -> any Error {
    if let failure { return failure }
    return error(fields)
  }
}

extension FieldError {
  /// The refusal of a field (`username`, `new_password`), or `nil` when it passed or was
  /// not checked. The kind comes from the validation's reason, never from its words.
  init?<Value>(_ field: String, _ validation: Validation<Value>?) {
    guard let validation, let message = validation.errorMessage else { return nil }
    self.init(field: field, reason: validation.reason ?? .unspecified, message: message)
  }

  /// The refusal of a field an operator typed for someone else's account: the rules'
  /// words speak to the account's owner ("your username"), so that one is reworded.
  init?<Value>(operatorsField field: String, _ validation: Validation<Value>?) {
    guard let refusal = FieldError(field, validation) else { return nil }
    guard validation?.reason == .containsUsername else {
      self = refusal
      return
    }
    self.init(
      field: field, reason: .containsUsername, message: "Don't include the account's username")
  }
}
