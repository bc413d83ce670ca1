import AuthCore

/// Shorthands for expected field checks.
enum Fields {
  static func username(_ raw: String) -> Validation<Username> { Username.validate(raw) }
  static func password(_ raw: String) -> Validation<Password> { .valid(Password(raw)) }
  static func refused<Value>(
    _ message: String, reason: ValidationReason = .unspecified
  ) -> Validation<Value> {
    .invalid(errorMessage: message, reason: reason)
  }
}

/// Something no view model knows how to describe.
struct UnexpectedError: Error {}
