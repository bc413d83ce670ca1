import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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
    let hidden = try Self.hiding("libsodium.so.23", in: sandbox)

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
    let hidden = try Self.hiding("libutf8proc.so.2", in: sandbox)

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

  /// A mount that covers the file the dynamic loader maps for `library` with an empty one.
  static func hiding(_ library: String, in sandbox: borrowing Sandbox) throws -> [BindMount] {
    let path = try #require(try loadedPath(of: library), "\(library) is not installed")
    let empty = sandbox.root + "/not-a-library"
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    return [BindMount(source: empty, target: path, readOnly: true)]
  }

  /// The file the dynamic loader maps for `library`, read from this process's own mappings;
  /// `nil` when the library is not installed.
  static func loadedPath(of library: String) throws -> String? {
    guard dlopen(library, RTLD_NOW) != nil else { return nil }
    let stem = "/" + (library.split(separator: ".").first.map(String.init) ?? library) + ".so"
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
    defer { try? handle.close() }
    let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    return maps.split(separator: "\n").lazy.compactMap { line -> String? in
      guard let slash = line.firstIndex(of: "/") else { return nil }
      let path = String(line[slash...])
      return path.contains(stem) ? path : nil
    }.first
  }
}
