import Foundation
import Testing

@Suite("End to end: --password-stdin reads one line per secret the user knows")
struct PasswordStandardInputTests {
  @Test func signUpReadsOneLineAndIgnoresWhatFollows() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(
      ["signup", "--username", "ada", "--password-stdin"],
      input: "\(Passphrase.first)\nnot a confirmation\nmore\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output == "Created account ada and signed in.\n")
    #expect(try await sandbox.signIn("ada", password: Passphrase.first).status == 0)
    #expect(try await sandbox.signIn("ada", password: "not a confirmation").status == 77)
  }

  @Test func aLastLineWithoutNewlineIsThePassword() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(
      ["signup", "--username", "bea", "--password-stdin"], input: Passphrase.first)
    #expect(run.status == 0, "\(run.errors)")
    #expect(try await sandbox.signIn("bea", password: Passphrase.first).status == 0)
  }

  @Test func passwdReadsTheCurrentThenTheNewPassword() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("cid")
    let run = try await sandbox.run(
      ["passwd", "--password-stdin"],
      input: "\(Passphrase.first)\n\(Passphrase.second)\nignored third line\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output == "Password changed; 0 other sessions ended.\n")
    #expect(try await sandbox.signIn("cid", password: Passphrase.second).status == 0)
    #expect(try await sandbox.signIn("cid", password: "ignored third line").status == 77)
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
