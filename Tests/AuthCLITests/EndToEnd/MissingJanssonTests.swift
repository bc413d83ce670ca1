import AuthTestSupport
import Foundation
import Testing

/// Jansson is loaded only to read an export back; when it cannot be loaded, that import
/// says so in one clear error with an install hint (exit 69), and every other command,
/// another import format and the export included, never notices. The library is really
/// hidden from the real binary, as `MissingLibpqTests` hides libpq.
@Suite("End to end: Jansson missing")
struct MissingJanssonTests {
  @Test func readingAnExportSaysJanssonIsMissingAndTheRestWorks() async throws {
    let sandbox = try Sandbox()
    let hidden = try BindMount.hiding("libjansson.so.4", in: sandbox)
    try #require(!hidden.isEmpty, "libjansson.so.4 is not installed")
    #expect(try await sandbox.run(with: hidden, ["migrate"]).status == 0)
    let added = try await sandbox.run(
      with: hidden, ["users", "add", "--username", "ines", "--password-stdin"],
      input: Passphrase.first + "\n")
    #expect(added.status == 0, "\(added.errors)")
    let exported = try await sandbox.run(with: hidden, ["users", "export"])
    #expect(exported.status == 0, "\(exported.errors)")
    #expect(exported.output.contains(#""username":"ines""#))

    let imported = try await sandbox.run(
      with: hidden, ["users", "import", "--format", "jsonl", "-"], input: exported.output)
    #expect(imported.status == 69, "\(imported.errors)")
    let lines = imported.errors.split(separator: "\n")
    #expect(
      lines.first?.hasPrefix(
        "Error: Reading an export needs the Jansson library, which cannot be loaded: ") == true,
      "\(imported.errors)")
    #expect(
      lines.dropFirst().first == "Install Jansson (Debian and Ubuntu: apt-get install libjansson4)."
    )

    let other = try await sandbox.run(
      with: hidden, ["users", "import", "--format", "htpasswd", "--dry-run", "-"],
      input: "ann:$2y$05$Ea5YSRi0G.1KpzliENAIauq3UH9bXwRcoBk9Lpo7Egt0tLqxj1IKG\n")
    #expect(other.status != 69, "\(other.errors)")
    #expect(!other.errors.contains("Jansson"), "\(other.errors)")
  }
}
