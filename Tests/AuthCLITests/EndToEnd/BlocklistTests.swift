import Foundation
import Testing

/// The binary refuses common, predictable and context-word passwords at sign-up and at a
/// password change, and still signs in an account whose old password would be refused now.
@Suite("End to end: the password blocklist and rules")
struct BlocklistTests {
  static let refusals: [(password: String, message: String)] = [
    ("qwertyuiopasdfgh", "password: This password is too common"),
    ("PASSWORD1234567", "password: This password is too common"),
    ("authcliauthcli12", "password: Don't include \"authcli\""),
    (
      "xyzxyzxyzxyzxyzxyz", "password: Avoid repeated characters and runs like abcd, 1234 or qwerty"
    ),
  ]

  @Test func signUpRefusesEachWithItsMessage() async throws {
    let sandbox = try Sandbox()
    for (password, message) in Self.refusals {
      let run = try await sandbox.run(
        ["signup", "--username", "newcomer", "--password-stdin"],
        input: "\(password)\n\(password)\n")
      #expect(run.status == 65, "\(password): \(run.errors)")
      #expect(run.errors == "Error: \(message)\n", "\(password)")
    }
    #expect(try await sandbox.signUp("newcomer").status == 0)
  }

  @Test func aPasswordChangeRefusesThemToo() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.signUp("changer").status == 0)
    for (password, message) in Self.refusals {
      let run = try await sandbox.run(
        ["passwd", "--password-stdin"],
        input: "\(Passphrase.first)\n\(password)\n\(password)\n")
      #expect(run.status == 65, "\(password): \(run.errors)")
      #expect(run.errors.contains(message.dropFirst("password: ".count)), "\(run.errors)")
    }
  }
}
