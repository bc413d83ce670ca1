import AuthCore
import Testing

@Suite struct RedactedRequestTests {
  private let secret = "correct horse battery staple"

  /// Every way Swift turns a value into text.
  private func renderings(_ value: some Any) -> [String] {
    var dumped = ""
    dump(value, to: &dumped)
    return [
      String(describing: value), String(reflecting: value), "\(value)", dumped,
      String(describing: [value]), String(describing: Optional(value)),
    ]
  }

  @Test func requestsNeverShowTheirPasswords() {
    let requests: [any Sendable] = [
      SignInRequest(username: "alice", password: secret),
      SignUpRequest(username: "alice", password: secret, confirmation: secret),
      ChangePasswordRequest(currentPassword: secret, newPassword: secret, confirmation: secret),
    ]
    for request in requests {
      for text in renderings(request) {
        #expect(!text.contains(secret), "\(type(of: request)) printed its password")
        #expect(text.contains("redacted"))
      }
    }
    #expect(String(describing: requests[0]).contains("\"alice\""))
  }
}
