import Foundation
import Testing

/// Text that would deceive a reader: invisible and reordering characters in stored names,
/// newlines in echoed values, and a line too long to be a password.
@Suite("Hostile text and input", .serialized)
final class HostileTextTests: WorkspaceCase {
  /// Names that read as "admin" (or nearly) on a terminal that shows them raw.
  static let lookalikes = [
    "ad\u{200B}min", "admin\u{200E}", "admin\u{200F}", "ad\u{061C}min", "ad\u{00AD}min",
    "\u{3164}admin", "\u{FEFF}admin", "admin\u{E0041}\u{E007F}", "ad\u{202E}nim",
    "admin\u{0085}", "ad\u{2028}min", "ad\u{E000}min", "ad\u{0378}min", "ad\u{2066}min",
  ]

  /// The scalars that must never appear raw in any output.
  static let forbidden: Set<UInt32> = [
    0x200B, 0x200E, 0x200F, 0x061C, 0x00AD, 0x3164, 0xFEFF, 0xE0041, 0xE007F, 0x202E,
    0x0085, 0x2028, 0xE000, 0x0378, 0x2066,
  ]

  static func rawScalars(in data: Data) -> Set<UInt32> {
    Set(String(decoding: data, as: UTF8.self).unicodeScalars.map(\.value)).intersection(
      forbidden)
  }

  @Test("stored names with invisible or reordering characters are escaped in tables and JSON")
  func lookalikeNames() async throws {
    let phrase = "hostile text pass phrase"
    try await workspace.signUp("admin", phrase: phrase)
    // Someone who can write the database plants the look-alikes directly.
    let values = Self.lookalikes.enumerated().map { index, name in
      "('\(name)', 'x', \(index), \(index))"
    }
    try SQLiteWriter.execute(
      "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES "
        + values.joined(separator: ", "), on: workspace.database)

    let table = try await workspace.run(["users", "list"], lines: [])
    #expect(table.exitCode == ExitCodes.ok, "\(table.summary)")
    #expect(Self.rawScalars(in: table.output).isEmpty, "\(Self.rawScalars(in: table.output))")
    for escape in ["\\u{200B}", "\\u{3164}", "\\u{E0041}", "\\u{202E}", "\\u{85}", "\\u{AD}"] {
      #expect(table.outputText.contains(escape), "\(escape)")
    }
    // One line per account plus the header: no name broke a line.
    #expect(table.outputText.split(separator: "\n").count == Self.lookalikes.count + 2)

    let json = try await workspace.run(["users", "list", "--json"], lines: [])
    #expect(json.exitCode == ExitCodes.ok, "\(json.summary)")
    #expect(Self.rawScalars(in: json.output).isEmpty, "\(Self.rawScalars(in: json.output))")
    #expect(json.outputText.contains("\\u200b"))
    #expect(json.outputText.contains("\\udb40\\udc41"))
    // The escapes decode to exactly the stored names.
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]])
    let names = Set(decoded.compactMap { $0["username"] as? String })
    #expect(names == Set(Self.lookalikes + ["admin"]))
  }

  @Test("a newline or control character in an echoed path, option or value forges no line")
  func echoedValues() async throws {
    let cases: [([String], [String: String])] = [
      (["--db", "/nonexistent/x\nSigned in as root.", "whoami"], [:]),
      (["--db", "/nonexistent/\u{1B}[2Jx\u{202E}", "whoami"], [:]),
      (["whoami", "--bogus\nSigned in as root."], [:]),
      (["whoami"], ["AUTHCLI_DB": "/nonexistent/y\rSigned in as root."]),
      (["signup", "--username", "x", "--password-stdin"], ["AUTHCLI_ARGON2": "fast\nOK"]),
    ]
    for (arguments, environment) in cases {
      let result = try await workspace.run(
        arguments, input: Data("one line\none line\n".utf8), environment: environment)
      #expect(result.exitCode != ExitCodes.ok, "\(arguments): \(result.summary)")
      #expect(
        !result.errorLines.contains { $0.hasPrefix("Signed in") || $0.hasPrefix("OK") },
        "\(arguments): \(result.summary)")
      let error = result.errorText
      #expect(!error.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{202E}" })
      // Every line on stderr is a message, but for the last, which may be its next step:
      // none is a forged continuation.
      for line in result.errorLines.dropLast() {
        #expect(line.hasPrefix("Error: "), "\(arguments): \(result.summary)")
      }
      #expect(
        error.contains("\\u{A}") || error.contains("\\u{1B}") || error.contains("\\u{D}"),
        "\(arguments): \(error)")
    }
  }

  @Test("a password line over the cap is refused at once, in bounded memory")
  func capBeforeWork() async throws {
    let phrase = "bounded input pass phrase"
    try await workspace.signUp("capped", phrase: phrase)
    let signIn = ["--db", workspace.database, "signin", "--username", "capped", "--password-stdin"]
    // The baseline: a wrong password of ordinary length, in the same run.
    let (ordinary, ordinaryPeak) = try await Self.measured(
      signIn, input: Data("not the pass phrase\n".utf8), in: workspace)
    #expect(ordinary.exitCode == ExitCodes.noPermission, "\(ordinary.summary)")
    // 50 MB on one line, and the same with a line end after it.
    let huge = Data(repeating: UInt8(ascii: "a"), count: 50_000_000)
    for input in [huge, huge + Data("\n".utf8)] {
      let (result, peak) = try await Self.measured(signIn, input: input, in: workspace)
      #expect(result.exitCode == ExitCodes.invalidData, "\(result.summary)")
      #expect(result.isOneMessageWithItsStep, "\(result.summary)")
      #expect(result.errorText.contains("longer than 4096 bytes"), "\(result.summary)")
      // Bounded memory: far less than the 50 MB line more than the ordinary run.
      #expect(peak < ordinaryPeak + 8 * 1024, "peak \(peak) KiB against \(ordinaryPeak) KiB")
    }
    // A line of exactly the cap is read (and judged as a password: wrong, exit 77).
    let atCap = Data(repeating: UInt8(ascii: "b"), count: 4096) + Data("\n".utf8)
    let capped = try await workspace.run(signIn, input: atCap)
    #expect(capped.exitCode == ExitCodes.noPermission, "\(capped.summary)")
  }

  /// Runs authcli as the child of a small Python program that reports the child's peak
  /// resident memory: measured on the spawned process itself, the figure would include
  /// this test process's memory, which the spawn shares until `exec`.
  static func measured(
    _ arguments: [String], input: Data, in workspace: Workspace
  ) async throws -> (RunResult, Int) {
    let report = workspace.root + "/peak-\(UUID().uuidString)"
    let script = """
      import resource, subprocess, sys
      code = subprocess.call(sys.argv[2:])
      peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
      open(sys.argv[1], "w").write(str(peak))
      sys.exit(code)
      """
    let result = try await workspace.run(
      arguments, input: input, wrapper: ["/usr/bin/python3", "-c", script, report])
    let peak = try #require(Int(try String(contentsOfFile: report, encoding: .utf8)))
    return (result, peak)
  }
}
