extension UsernameRules {
  /// Checks canonical text, naming the first rule it breaks.
  ///
  /// Canonical text is already lowercased, so only `a-z` can be a letter here.
  func check(_ canonical: String) -> Validation<String> {
    guard !canonical.isEmpty else {
      return .invalid(errorMessage: AuthMessages.enterUsername, reason: .required)
    }
    let count = canonical.count
    guard count >= minimumLength, count <= maximumLength else {
      return .invalid(
        errorMessage: AuthMessages.usernameLength(self),
        reason: count < minimumLength ? .tooShort : .tooLong)
    }
    guard canonical.unicodeScalars.allSatisfy(Self.isAllowed) else {
      return .invalid(errorMessage: AuthMessages.usernameCharacters, reason: .invalidCharacters)
    }
    guard let first = canonical.unicodeScalars.first, Self.isLetterOrDigit(first) else {
      return .invalid(errorMessage: AuthMessages.usernameStart, reason: .invalidStart)
    }
    return .valid(canonical)
  }

  private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
  }

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    isLetterOrDigit(scalar) || scalar == "." || scalar == "_" || scalar == "-"
  }
}

extension Validation {
  /// The name passed the rules, but the store's uniqueness constraint found an account with
  /// it: a race that no check before the write can decide.
  static var usernameTaken: Self {
    .invalid(errorMessage: AuthMessages.usernameTaken, reason: .taken)
  }
}
