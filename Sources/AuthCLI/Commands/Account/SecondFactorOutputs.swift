/// `2fa enable`: the new factor, pending until a code confirms it.
struct SecondFactorEnrolled: JSONOutput {
  let secret: String
  let otpauthURI: String
  let pending = true

  enum CodingKeys: String, CodingKey, CaseIterable {
    case otpauthURI = "otpauth_uri", pending, secret
  }
}

/// `2fa confirm`: the factor on, and its recovery codes, shown this once.
struct SecondFactorConfirmed: JSONOutput {
  let secondFactor = true
  /// Deprecated: `second_factor`, the key `users show` and `users list` use; removed in the
  /// next release.
  let enabled: Bool? = true
  let recoveryCodes: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case enabled, recoveryCodes = "recovery_codes", secondFactor = "second_factor"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.enabled: "`second_factor`"]
}

/// `2fa status`.
struct SecondFactorStatusShown: JSONOutput {
  let secondFactor: Bool
  /// Deprecated: `second_factor`; removed in the next release.
  let enabled: Bool?
  let pending: Bool
  let recoveryCodesLeft: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case enabled, pending, recoveryCodesLeft = "recovery_codes_left"
    case secondFactor = "second_factor"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.enabled: "`second_factor`"]
}

/// `2fa disable`.
struct SecondFactorDisabled: JSONOutput {
  let secondFactor = false
  /// Deprecated: `second_factor`; removed in the next release.
  let enabled: Bool? = false

  enum CodingKeys: String, CodingKey, CaseIterable {
    case enabled, secondFactor = "second_factor"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.enabled: "`second_factor`"]
}

/// `2fa recovery-codes`: a new set, shown this once.
struct RecoveryCodesMade: JSONOutput {
  let recoveryCodes: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case recoveryCodes = "recovery_codes"
  }
}
