extension UsernameRules {
  /// Checks canonical text. (Placeholder: the use-case layer completes the rules.)
  func check(_ canonical: String) -> Validation<String> {
    let count = canonical.count
    guard count >= minimumLength, count <= maximumLength else {
      return .invalid(errorMessage: "Use \(minimumLength) to \(maximumLength) characters")
    }
    return .valid(canonical)
  }
}
