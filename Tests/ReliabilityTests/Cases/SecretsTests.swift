import Foundation
import Testing

/// After a scripted session, no password and no session token can be found anywhere it
/// should not be: database, WAL, audit table, output. Every file is private (0600).
@Suite("Secrets", .serialized)
struct SecretsTests {
  private static let first = "first secret pass phrase 7Q"
  private static let second = "second secret pass phrase 9Z"
  private static let wrong = "wrong secret pass phrase 3X"

  @Test("no password or token at rest or in output; database and state files are 0600")
  func scriptedSession() async throws {
    let workspace = try Workspace("secrets")
    defer { workspace.remove() }
    var evidence = Evidence(workspace: workspace)
    let steps: [(arguments: [String], lines: [String], exit: Int32)] = [
      (["signup", "--username", "keeper", "--password-stdin"], [Self.first], 0),
      (["whoami"], [], 0),
      (["whoami", "--json"], [], 0),
      (["signout"], [], 0),
      (["signin", "--username", "keeper", "--password-stdin"], [Self.wrong], 77),
      (["signin", "--username", "keeper", "--password-stdin"], [Self.first], 0),
      (["sessions", "list"], [], 0),
      (["sessions", "list", "--json"], [], 0),
      (["passwd", "--password-stdin"], [Self.first, Self.second], 0),
      (["signin", "--username", "keeper", "--password-stdin"], [Self.second], 0),
      (["users", "list", "--json"], [], 0),
      (["inspect", "--json"], [], 0),
      (["signout", "--all"], [], 0),
    ]
    for step in steps {
      let result = try await workspace.run(database: nil, step.arguments, lines: step.lines)
      #expect(result.exitCode == step.exit, "\(step.arguments): \(result.summary)")
      try evidence.collect(after: result)
    }

    #expect(!evidence.tokens.isEmpty, "no session token was ever found in the state folder")
    let secrets = evidence.forbiddenPatterns(passwords: [Self.first, Self.second, Self.wrong])
    for (place, bytes) in evidence.places {
      for (name, pattern) in secrets where bytes.range(of: pattern) != nil {
        Issue.record("\(name) found in \(place)")
      }
    }
    let snapshot = try ConsistencyCheck.expectConsistent(workspace.database)
    for event in snapshot.events {
      let text = Data("\(event.kind) \(event.username ?? "") \(event.detail)".utf8)
      for (name, pattern) in secrets where text.range(of: pattern) != nil {
        Issue.record("\(name) found in the audit table")
      }
    }
    for (path, mode) in evidence.modes.sorted(by: { $0.key < $1.key }) {
      #expect(mode == 0o600, "\(path) has mode \(String(mode, radix: 8))")
    }
    #expect(evidence.modes.keys.contains { $0.hasSuffix("-wal") }, "the WAL was never seen")
  }
}

/// Everything a session left behind, gathered after each step.
struct Evidence {
  let workspace: Workspace
  /// Place name → bytes (outputs, and every version of the database files seen).
  var places: [(String, Data)] = []
  /// Path → permission bits of every database and state file seen.
  var modes: [String: Int] = [:]
  /// Every session token found in the state folder.
  var tokens: Set<String> = []
  private var step = 0

  init(workspace: Workspace) { self.workspace = workspace }

  /// Records a step's output and the files as they are now.
  mutating func collect(after result: RunResult) throws {
    step += 1
    places.append(("stdout of step \(step)", result.output))
    places.append(("stderr of step \(step)", result.errors))
    for suffix in ["", "-wal", "-shm"] {
      let path = workspace.database + suffix
      guard FileManager.default.fileExists(atPath: path) else { continue }
      places.append(
        ("\(path) after step \(step)", try Data(contentsOf: URL(fileURLWithPath: path))))
      modes[path] = try Self.mode(of: path)
    }
    let folder = workspace.stateFolder()
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      modes[folder + "/" + name] = try Self.mode(of: folder + "/" + name)
    }
    tokens.formUnion(try StoredTokens.tokens(in: folder))
  }

  /// Every form a secret could take: passwords as text, tokens as text, raw bytes,
  /// hex (both cases) and standard base64.
  func forbiddenPatterns(passwords: [String]) -> [(String, Data)] {
    var patterns = passwords.map { ("a password", Data($0.utf8)) }
    for token in tokens {
      patterns.append(("a token (base64url)", Data(token.utf8)))
      guard let raw = StoredTokens.decode(token) else { continue }
      let hex = raw.map { String(format: "%02x", $0) }.joined()
      patterns += [
        ("a token (raw bytes)", raw), ("a token (hex)", Data(hex.utf8)),
        ("a token (HEX)", Data(hex.uppercased().utf8)),
        ("a token (base64)", Data(raw.base64EncodedString().dropLast().utf8)),
      ]
    }
    return patterns
  }

  private static func mode(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return ((attributes[.posixPermissions] as? Int) ?? -1) & 0o777
  }
}
