/// What the throttle transaction found before the password is checked.
enum SignInAttempt: Sendable {
  /// The name is locked by the throttle: the password is not judged.
  case locked(UserID?)
  /// The account is locked by an operator: the password is not judged, nothing is counted.
  case lockedByOperator(UserID)
  /// The account's expiry has come: refused as a locked account is, nothing is counted.
  case expired(UserID)
  /// The password may be judged; the account, if the name has one.
  case allowed(UserRecord?)

  /// The account, for the audit trail.
  var userID: UserID? {
    switch self {
    case .locked(let id): id
    case .lockedByOperator(let id): id
    case .expired(let id): id
    case .allowed(let record): record?.user.id
    }
  }

  /// Whether the attempt was judged and the account's password did not verify.
  var isWrongPassword: Bool {
    if case .allowed(let record) = self { return record != nil }
    return false
  }

  /// Why it failed, for the audit trail only (never shown to the person).
  var failureDetail: String {
    switch self {
    case .locked: "locked"
    case .lockedByOperator: "locked by an operator"
    case .expired: "expired"
    case .allowed(nil): "unknown user"
    case .allowed: "wrong password"
    }
  }
}
