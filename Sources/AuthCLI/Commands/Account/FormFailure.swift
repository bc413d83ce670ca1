/// Why a scripted form did not step on, as the error that sets the exit code.
///
/// In order: a failure a use case threw (its own exit code, from `ErrorReport`), then
/// fields the view model refused (65, one line per field), then the form's message
/// (for sign-in, the one refusal for unknown user, wrong password and lock: 77).
enum FormFailure {
  static func error(
    fields: [(name: String, message: String?)], errorMessage: String?, failures: FailureLog
  ) -> any Error {
    if let report = failures.last { return report }
    let lines = fields.compactMap { field in field.message.map { "\(field.name): \($0)" } }
    if !lines.isEmpty { return CLIError.validationFailed(lines) }
    if let errorMessage { return CLIError.signInRefused(errorMessage) }
    return CLIError.internalFailure("The form neither finished nor said why")
  }
}
