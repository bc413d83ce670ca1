import AuthCore

/// Shorthands for expected field checks.
enum Fields {
  static func username(_ raw: String) -> Validation<Username> { Username.validate(raw) }
  static func password(_ raw: String) -> Validation<Password> { .valid(Password(raw)) }
  static func refused<Value>(_ message: String) -> Validation<Value> {
    .invalid(errorMessage: message)
  }
}

/// Something no view model knows how to describe.
struct UnexpectedError: Error {}
