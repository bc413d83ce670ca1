import Foundation
import Testing

/// A hash file an attacker wrote, and hashes written into the database by other means: every
/// cost a scheme's format can spell is decoded whole and held to the store's verify cost,
/// at import (refused, the report naming the limit) and at sign-in (refused unrun, answered
/// in the time of an unknown name and audited).
@Suite("Stored hash cost", .serialized)
final class StoredHashCostTests: WorkspaceCase {
  /// The current cost these runs judge against: the test-only minimum would refuse every
  /// kept hash, so what a real store admits could not be told from what it refuses.
  static let interactive = ["AUTHCLI_ARGON2": "interactive"]
  /// The most the store's sign-in work may be raised to, which no import passes even with
  /// `--raise-sign-in-work`.
  static let mostSignInWork = 524_288

  static let cryptChecksum = String(repeating: "A", count: 43)
  static let salt = "saltsaltsaltsalt"
  static let argon2Tail = "$c2FsdHNhbHRzYWx0c2FsdA$" + String(repeating: "A", count: 43)

  /// A yescrypt number in its variable-length spelling, written here independently of the
  /// parser: the first character's index says how many follow, each length's values
  /// counting on from the shorter ones'.
  static func yescryptNumber(_ value: Int, least: Int) -> String {
    let alphabet = Array("./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    let lengths = [(0, 0, 48), (48, 1, 8), (56, 2, 4), (60, 3, 2), (62, 4, 1), (63, 5, 1)]
    var rest = value - least
    for (start, following, firsts) in lengths {
      let span = 1 << (6 * following)
      if rest < firsts * span {
        var text = [alphabet[start + rest / span]]
        for place in stride(from: following - 1, through: 0, by: -1) {
          text.append(alphabet[(rest % span) >> (6 * place) & 63])
        }
        return String(text)
      }
      rest -= firsts * span
    }
    return "?"
  }

  /// A yescrypt hash of flavour `j` with N = 2^`log2N`, r, and p and t when given.
  static func yescrypt(log2N: Int = 12, r: Int = 32, p: Int? = nil, t: Int? = nil) -> String {
    var field = "j" + yescryptNumber(log2N, least: 1) + yescryptNumber(r, least: 1)
    let present = (p == nil ? 0 : 1) | (t == nil ? 0 : 2)
    if present != 0 { field += yescryptNumber(present, least: 1) }
    if let p { field += yescryptNumber(p, least: 2) }
    if let t { field += yescryptNumber(t, least: 1) }
    return "$y$\(field)$\(salt)$\(cryptChecksum)"
  }

  /// The settings each scheme's format allows at its extremes, every one of them above the
  /// import's limit.
  static let costly: [(name: String, hash: String)] = [
    ("bcrypt", "$2b$31$" + String(repeating: "a", count: 53)),
    ("sha512-crypt", "$6$rounds=999999999$\(salt)$" + String(repeating: "A", count: 86)),
    ("sha256-crypt", "$5$rounds=999999999$\(salt)$\(cryptChecksum)"),
    ("yescrypt", yescrypt(t: 2400)),
    ("yescrypt", yescrypt(t: 1_000_000_000)),
    ("yescrypt", yescrypt(log2N: 20, r: 8, p: 1000)),
    ("yescrypt", yescrypt(log2N: 40, r: 1)),
    ("yescrypt", yescrypt(log2N: 63, r: 1000, p: 100_000, t: 70_000)),
    ("yescrypt", yescrypt(r: 1_000_000)),
    (
      "django-pbkdf2-sha256",
      "pbkdf2_sha256$4294967295$salt$" + String(repeating: "A", count: 43) + "="
    ),
    ("argon2id", "$argon2id$v=19$m=262144,t=8,p=1" + argon2Tail),
    ("argon2id", "$argon2id$v=19$m=4294967295,t=1,p=1" + argon2Tail),
    ("argon2id", "$argon2id$v=19$m=65536,t=4294967295,p=1" + argon2Tail),
    ("django-argon2id", "argon2$argon2id$v=19$m=4294967295,t=4294967295,p=16777215" + argon2Tail),
  ]

  /// Settings of a known scheme that state no cost one can count.
  static let undecodable: [String] = [
    "$y$j9T/$\(salt)$\(cryptChecksum)",  // t announced, then missing
    "$y$j9T1.$\(salt)$\(cryptChecksum)",  // hash upgrades (g)
    "$y$j9T5.$\(salt)$\(cryptChecksum)",  // a ROM (NROM)
    "$y$.9T$\(salt)$\(cryptChecksum)",  // classic scrypt's flavour, not measured
    "$y$j9T..1$\(salt)$\(cryptChecksum)",  // a character after the last field
    "$argon2id$v=19$m=65536,t=2,p=4294967295" + argon2Tail,  // lanes Argon2 cannot have
  ]

  private func run(
    _ workspace: Workspace, _ arguments: [String], lines: [String] = [],
    limit: Duration = .seconds(30)
  ) async throws -> (result: RunResult, elapsed: Duration) {
    let start = ContinuousClock.now
    let result = try await workspace.run(
      ["--db", workspace.database] + arguments,
      input: Data(lines.map { $0 + "\n" }.joined().utf8), environment: Self.interactive,
      limit: limit)
    return (result, ContinuousClock.now - start)
  }

  @Test("a yescrypt time cost in the long parameter form is refused at import")
  func yescryptTimeCostIsRefusedAtImport() async throws {
    #expect(try await run(workspace, ["migrate"]).result.exitCode == ExitCodes.ok)
    let shadow = "yesterday:\(Self.yescrypt(t: 2400)):19700:0:99999:7:::\n"
    try shadow.write(toFile: workspace.root + "/y.shadow", atomically: true, encoding: .utf8)
    let imported = try await run(workspace, ["users", "import", "--format", "shadow", "y.shadow"])
    #expect(imported.result.exitCode == ExitCodes.invalidData, "\(imported.result.summary)")
    #expect(
      imported.result.errorText.contains(
        "line 1: yesterday: yescrypt cost "),
      "\(imported.result.summary)")
    #expect(
      imported.result.errorText.contains(
        "above the most a sign-in may cost (\(Self.mostSignInWork) KiB × passes)"),
      "\(imported.result.summary)")
    // The default cost, the short form libxcrypt writes, is still taken.
    let plain = "today:\(Self.yescrypt()):19700:0:99999:7:::\n"
    try plain.write(toFile: workspace.root + "/p.shadow", atomically: true, encoding: .utf8)
    let taken = try await run(workspace, ["users", "import", "--format", "shadow", "p.shadow"])
    #expect(taken.result.exitCode == ExitCodes.ok, "\(taken.result.summary)")
  }

  @Test("Argon2id at 4× memory and 4× passes is refused at import by its work")
  func argon2idIsJudgedByWorkAtImport() async throws {
    #expect(try await run(workspace, ["migrate"]).result.exitCode == ExitCodes.ok)
    let line = "forty:$argon2id$v=19$m=262144,t=8,p=1\(Self.argon2Tail)\n"
    let imported = try await run(
      workspace, ["users", "import", "--format", "htpasswd", "-"], lines: [line])
    #expect(imported.result.exitCode == ExitCodes.invalidData, "\(imported.result.summary)")
    #expect(
      imported.result.errorText.contains(
        "argon2id cost 2097152 KiB × passes, above the most a sign-in may cost"
          + " (\(Self.mostSignInWork) KiB × passes)"),
      "\(imported.result.summary)")
  }

  @Test("every scheme's extreme settings are refused at import, naming the limit")
  func extremeSettingsAreRefusedAtImport() async throws {
    #expect(try await run(workspace, ["migrate"]).result.exitCode == ExitCodes.ok)
    let lines = Self.costly.enumerated().map { "user\($0.offset):\($0.element.hash)" }
    let imported = try await run(
      workspace, ["users", "import", "--format", "htpasswd", "-"], lines: lines)
    #expect(imported.result.exitCode == ExitCodes.invalidData, "\(imported.result.summary)")
    for (index, (scheme, _)) in Self.costly.enumerated() {
      let expected = "line \(index + 1): user\(index): \(scheme) cost "
      let line = imported.result.errorLines.first { $0.contains(expected) }
      #expect(
        line?.contains("above the most a sign-in may cost (\(Self.mostSignInWork) KiB × passes)")
          == true, "\(expected): \(line ?? "no line")")
    }
    let refused = try await run(
      workspace, ["users", "import", "--format", "htpasswd", "-"],
      lines: Self.undecodable.enumerated().map { "bad\($0.offset):\($0.element)" })
    #expect(refused.result.exitCode == ExitCodes.invalidData, "\(refused.result.summary)")
    for index in Self.undecodable.indices {
      #expect(
        refused.result.errorText.contains("line \(index + 1): bad\(index): malformed "),
        "\(refused.result.summary)")
    }
  }

  @Test("a costly or undecodable hash written into the database is refused unrun at sign-in")
  func plantedHashesAreRefusedUnrun() async throws {
    let phrase = "a long and quiet pass phrase"
    try await workspace.signUp("keeper", phrase: phrase)
    let unknown = try await run(
      workspace, ["signin", "--username", "nobody", "--password-stdin"], lines: ["a guess"])
    #expect(unknown.result.exitCode == ExitCodes.noPermission)
    let planted =
      Self.costly.map { ($0.hash, "stored hash far costlier than the current cost") }
      + Self.undecodable.map { ($0, "stored hash unreadable") }
    // One account each, so that no name's throttle stops a guess before its hash is judged.
    let rows = planted.enumerated().map { "('victim\($0.offset)', '\($0.element.0)', 0, 0)" }
    try SQLiteWriter.execute(
      "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES "
        + rows.joined(separator: ", "), on: workspace.database)
    for (index, (hash, detail)) in planted.enumerated() {
      // Running it would take from a second (Argon2id at 16× the work) to centuries.
      let answer = try await run(
        workspace, ["signin", "--username", "victim\(index)", "--password-stdin"],
        lines: ["a guess"], limit: .seconds(10))
      #expect(
        answer.result.exitCode == ExitCodes.noPermission, "\(hash): \(answer.result.summary)")
      #expect(
        answer.elapsed < unknown.elapsed * 3 + .seconds(1),
        "\(hash): \(answer.elapsed) against \(unknown.elapsed) for an unknown name")
      let audit = try await run(
        workspace, ["audit", "--json", "--user", "victim\(index)", "--kind", "sign_in_failed"])
      let events = try JSONSerialization.jsonObject(with: audit.result.output) as? [[String: Any]]
      #expect(events?.first?["detail"] as? String == detail, "\(hash)")
    }
  }
}
