import AuthTestSupport
import Foundation
import Testing

/// libsodium and utf8proc are opened the first time a command hashes or normalises; when one
/// cannot be loaded, the command that needs it says so in one clear error (exit 69), never a
/// crash, and a command that does not need it never notices. The library is really hidden
/// from the real binary, as `MissingLibpqTests` hides libpq.
@Suite("End to end: libsodium or utf8proc missing")
struct MissingSodiumTests {
  @Test func withoutLibsodiumACommandThatHashesSaysSoAndVersionStillWorks() async throws {
    let sandbox = try Sandbox()
    let signUp = try await sandbox.run(
      ["signup", "--username", "ines", "--password-stdin"], input: Passphrase.first + "\n")
    try #require(signUp.status == 0, "\(signUp.errors)")
    let hidden = try BindMount.hiding("libsodium.so.23", in: sandbox)
    try #require(!hidden.isEmpty, "libsodium.so.23 is not installed")

    let version = try await sandbox.run(with: hidden, ["--version"])
    #expect(version.status == 0, "\(version.errors)")
    for arguments in [
      ["whoami"], ["signin", "--username", "ines", "--password-stdin"],
    ] {
      let run = try await sandbox.run(with: hidden, arguments, input: Passphrase.first + "\n")
      #expect(run.status == 69, "\(arguments): \(run.errors)")
      #expect(
        run.errors.hasPrefix("Error: libsodium could not be initialised: "),
        "\(arguments): \(run.errors)")
      #expect(run.output.isEmpty)
    }
  }

  @Test func withoutUtf8procACommandThatNormalisesSaysSoAndWhoamiStillWorks() async throws {
    let sandbox = try Sandbox()
    let signUp = try await sandbox.run(
      ["signup", "--username", "ines", "--password-stdin"], input: Passphrase.first + "\n")
    try #require(signUp.status == 0, "\(signUp.errors)")
    let hidden = try BindMount.hiding("libutf8proc.so.2", in: sandbox)
    try #require(!hidden.isEmpty, "libutf8proc.so.2 is not installed")

    let whoami = try await sandbox.run(with: hidden, ["whoami", "--json"])
    #expect(whoami.status == 0, "\(whoami.errors)")
    #expect((try whoami.json() as? [String: Any])?["username"] as? String == "ines")

    let signIn = try await sandbox.run(
      with: hidden, ["signin", "--username", "ines", "--password-stdin"],
      input: Passphrase.first + "\n")
    #expect(signIn.status == 69, "\(signIn.errors)")
    let lines = signIn.errors.split(separator: "\n")
    #expect(
      lines.first?.hasPrefix(
        "Error: Unicode normalisation needs utf8proc, which cannot be loaded: ") == true,
      "\(signIn.errors)")
    #expect(lines.count == 1, "\(signIn.errors)")
    #expect(signIn.output.isEmpty)
  }
}
