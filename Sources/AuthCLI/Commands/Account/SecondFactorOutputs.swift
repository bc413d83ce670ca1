import TerminalQR

/// `2fa enable`: the new factor, pending until a code confirms it.
struct SecondFactorEnrolled: JSONOutput, CommandOutput {
  let secret: String
  let otpauthURI: String
  let pending = true
  /// Whether the text draws the URI as a QR code (on a terminal, or with `--qr`); not a
  /// key: a script reads the URI.
  let drawsQRCode: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case otpauthURI = "otpauth_uri", pending, secret
  }

  func text(style: Style) -> String {
    var lines = [
      "Secret (base32): \(secret)",
      "URI:             \(otpauthURI)",
    ]
    if drawsQRCode {
      do {
        lines += [""] + (try HalfBlockRenderer().lines(encoding: otpauthURI))
      } catch {
        lines += ["(no QR code: \(error))"]
      }
    }
    lines += [
      "",
      "Add it to your authenticator app, then turn it on with 'authcli 2fa confirm'.",
    ]
    return lines.joined(separator: "\n")
  }
}

/// `2fa confirm`: the factor on, and its recovery codes, shown this once.
struct SecondFactorConfirmed: JSONOutput, CommandOutput {
  let secondFactor = true
  /// Deprecated: `second_factor`, the key `users show` and `users list` use; removed in the
  /// next release.
  let enabled: Bool? = true
  let recoveryCodes: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case enabled, recoveryCodes = "recovery_codes", secondFactor = "second_factor"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.enabled: "`second_factor`"]

  func text(style: Style) -> String { RecoveryCodesMade.text(recoveryCodes) }
}

/// `2fa status`.
struct SecondFactorStatusShown: JSONOutput, CommandOutput {
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

  func text(style: Style) -> String {
    let state = secondFactor ? "on" : (pending ? "pending ('authcli 2fa confirm')" : "off")
    var text = "Second factor:  \(state)"
    if secondFactor { text += "\nRecovery codes: \(recoveryCodesLeft) left" }
    return text
  }
}

/// `2fa disable`.
struct SecondFactorDisabled: JSONOutput, CommandOutput {
  let secondFactor = false
  /// Deprecated: `second_factor`; removed in the next release.
  let enabled: Bool? = false

  enum CodingKeys: String, CodingKey, CaseIterable {
    case enabled, secondFactor = "second_factor"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.enabled: "`second_factor`"]

  func text(style: Style) -> String { "Second factor off; sign-in asks for the password only." }
}

/// `2fa recovery-codes`: a new set, shown this once.
struct RecoveryCodesMade: JSONOutput, CommandOutput {
  let recoveryCodes: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case recoveryCodes = "recovery_codes"
  }

  func text(style: Style) -> String { Self.text(recoveryCodes) }

  /// The codes with what to do with them, as `2fa confirm` shows its first set too.
  static func text(_ codes: [String]) -> String {
    (["Recovery codes (each works once; keep them somewhere safe, they are not shown again):"]
      + codes.map { "  \($0)" }).joined(separator: "\n")
  }
}
