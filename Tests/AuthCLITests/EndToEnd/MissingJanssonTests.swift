import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Jansson is loaded only to read an export back; when it cannot be loaded, that import
/// says so in one clear error with an install hint (exit 69), and every other command,
/// another import format and the export included, never notices. The library is really
/// hidden from the real binary, as `MissingLibpqTests` hides libpq.
@Suite("End to end: Jansson missing")
struct MissingJanssonTests {
  @Test func readingAnExportSaysJanssonIsMissingAndTheRestWorks() async throws {
    let sandbox = try Sandbox()
    let library = try #require(try Self.loadedJanssonPath(), "libjansson.so.4 is not installed")
    let empty = sandbox.root + "/not-a-library"
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    let hidden = [BindMount(source: empty, target: library, readOnly: true)]
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

  /// The file the dynamic loader maps for `libjansson.so.4`, read from this process's own
  /// mappings; `nil` when the library is not installed.
  static func loadedJanssonPath() throws -> String? {
    guard dlopen("libjansson.so.4", RTLD_NOW) != nil else { return nil }
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
    defer { try? handle.close() }
    let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    return maps.split(separator: "\n").lazy.compactMap { line -> String? in
      guard let slash = line.firstIndex(of: "/") else { return nil }
      let path = String(line[slash...])
      return path.contains("/libjansson.so") ? path : nil
    }.first
  }
}
