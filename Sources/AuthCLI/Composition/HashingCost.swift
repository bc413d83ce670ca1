import AuthCrypto

/// The Argon2id cost, from `AUTHCLI_ARGON2`: `interactive` (the default, above OWASP's
/// minimum), `moderate`, or `minimum` — the last is for tests only, where hashing at full
/// cost would make every run slow; it must never be used for real accounts.
enum HashingCost {
  static let variable = EnvironmentVariable.hashingCost.name
  /// Must be `1` beside `AUTHCLI_ARGON2=minimum` for a database that is not in memory: a
  /// second, explicitly test-only switch, so that one stray variable cannot store real
  /// accounts' hashes at 8 KiB.
  static let testOnlyVariable = EnvironmentVariable.minimumCostAllowed.name

  static func from(
    environment: ProcessEnvironment, inMemory: Bool = false
  ) throws(CLIError) -> Argon2Cost {
    switch environment[.hashingCost] ?? "" {
    case "", "interactive": .interactive
    case "moderate": .moderate
    case "minimum" where !inMemory && environment[.minimumCostAllowed] != "1":
      throw .configuration(
        "\(variable)=minimum is for tests only and refused for a database file "
          + "(a test suite also sets \(testOnlyVariable)=1)")
    case "minimum": .minimum
    case let other:
      throw .configuration(
        "\(variable)=\(other) is not one of interactive, moderate, minimum (tests only)")
    }
  }
}
