/// What a sign-in's challenge proves between two steps: that the password was right for
/// this account as it was read. Held by the client, never stored; a sample (for previews
/// and tests of views) proves nothing, and the services refuse it as expired.
struct PassedPassword: Hashable, Sendable {
  /// The account's canonical name.
  let username: String
  /// The check that passed; `nil` in a sample.
  let passed: PasswordCheck.Passed?

  init(_ passed: PasswordCheck.Passed) {
    self.username = passed.record.user.username
    self.passed = passed
  }

  init(sampleFor username: String) {
    self.username = username
    self.passed = nil
  }

  /// Two proofs are the same when they are for the same account as read.
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.username == rhs.username && lhs.passed?.record == rhs.passed?.record
  }
  /// Hashes what `==` compares.
  func hash(into hasher: inout Hasher) {
    hasher.combine(username)
    hasher.combine(passed?.record)
  }
}
