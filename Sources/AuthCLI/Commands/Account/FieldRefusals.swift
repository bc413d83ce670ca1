/// The fields a form's view model refused, as the error that sets the exit code: one
/// `field: message` line each (65). A form that neither stepped on, nor showed a failure,
/// nor refused a field is a bug (70).
enum FieldRefusals {
  static func error(_ fields: [(name: String, message: String?)]) -> CLIError {
    let lines = fields.compactMap { field in field.message.map { "\(field.name): \($0)" } }
    if lines.isEmpty { return .internalFailure("The form neither finished nor said why") }
    return .validationFailed(lines)
  }
}
