import Foundation
import Testing

@Suite("End to end: --password-stdin reads one line per secret the user knows")
struct PasswordStandardInputTests {
  /// `signup` reads the password, `passwd` the current then the new one: the last line read
  /// is the password from then on, and a line after it is no confirmation of it.
  @Test(arguments: [
    (
      ["signup", "--username", "ada", "--password-stdin"], [Passphrase.first],
      "Created account ada and signed in.\n"
    ),
    (
      ["passwd", "--password-stdin"], [Passphrase.first, Passphrase.second],
      "Password changed; 0 other sessions ended.\n"
    ),
  ])
  func aCommandReadsOneLinePerSecretAndIgnoresWhatFollows(
    arguments: [String], secrets: [String], printed: String
  ) async throws {
    let sandbox = try Sandbox()
    // The password to change is the one `ada` signed up with.
    if arguments.first == "passwd" { _ = try await sandbox.signUp("ada") }
    let run = try await sandbox.run(
      arguments, input: (secrets + ["not a confirmation", "more"]).map { $0 + "\n" }.joined())
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output == printed)
    #expect(try await sandbox.signIn("ada", password: secrets.last ?? "").status == 0)
    #expect(try await sandbox.signIn("ada", password: "not a confirmation").status == 77)
  }

  @Test func aLastLineWithoutNewlineIsThePassword() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(
      ["signup", "--username", "bea", "--password-stdin"], input: Passphrase.first)
    #expect(run.status == 0, "\(run.errors)")
    #expect(try await sandbox.signIn("bea", password: Passphrase.first).status == 0)
  }

  @Test func passwdWithOnlyTheCurrentPasswordExits66AndChangesNothing() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("dan")
    let run = try await sandbox.run(
      ["passwd", "--password-stdin"], input: "\(Passphrase.first)\n")
    #expect(run.status == 66)
    #expect(
      run.errors
        == "Error: Input ended; nothing was changed.\n"
        + "Give every line the command reads (one per answer) and run it again.\n")
    #expect(try await sandbox.signIn("dan", password: Passphrase.first).status == 0)
  }
}
