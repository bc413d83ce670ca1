import AuthCrypto

/// The Argon2id cost, from `AUTHCLI_ARGON2`: `interactive` (the default, above OWASP's
/// minimum), `moderate`, or `minimum` — the last is for tests only, where hashing at full
/// cost would make every run slow; it must never be used for real accounts.
enum HashingCost {
  static let variable = "AUTHCLI_ARGON2"

  static func from(environment: [String: String]) throws(CLIError) -> Argon2Cost {
    switch environment[variable] ?? "" {
    case "", "interactive": .interactive
    case "moderate": .moderate
    case "minimum": .minimum
    case let other:
      throw .configuration(
        "\(variable)=\(other) is not one of interactive, moderate, minimum (tests only)")
    }
  }
}
