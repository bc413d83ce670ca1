import Foundation
import Testing

@testable import AuthCLI

/// One JSON vocabulary: what the compiler cannot check across the typed outputs. Every
/// command that prints is run with `--json` through the real binary, on a database with
/// something to say (accounts, sessions, a lock, a second factor, an import dry run,
/// migrations), and every key it prints is collected with its JSON type. A key with two
/// types across commands, two keys for one concept, a time under a key that does not say
/// so, or a key its command's declared value (`JSONOutputCatalog`) does not list fails; so
/// does a command of the command table with no run here. Both engines.
@Suite("End to end: one JSON vocabulary", .enabled(if: PyOTP.runs))
struct JSONVocabularyTests {
  /// Keys kept for one release under their old name or type, as the values declare them
  /// (`deprecatedKeys`): left out of the checks, and each must still be printed.
  static var deprecated: [String: Set<String>] {
    var places: [String: Set<String>] = [:]
    for entry in JSONOutputCatalog.entries {
      let place = printedPlace(entry.place)
      let prefix = place.isEmpty ? "" : place + "."
      for key in entry.output.deprecatedKeyNames.keys {
        places[entry.command, default: []].insert(prefix + key)
      }
    }
    return places
  }

  /// Where a catalog entry's keys are printed: the engines' own keys, those an option adds and
  /// an export's lines stand at the top, as the result's do.
  static func printedPlace(_ place: String) -> String {
    place.hasPrefix("on ") || place.hasPrefix("with ") || place.hasPrefix("each ") ? "" : place
  }

  /// Every key each command's declared values may print, by place.
  static var declared: Set<String> {
    Set(
      JSONOutputCatalog.entries.flatMap { entry in
        let place = printedPlace(entry.place)
        return entry.output.keys.map {
          entry.command + " " + (place.isEmpty ? $0 : place + "." + $0)
        }
      })
  }

  /// Names that have meant one concept: at most one of each group may be printed. An entry
  /// is a key's place (`reason`, `accounts[].scheme`; a list's records count as the top
  /// level), with `:type` when the name means the concept only with that type.
  static let synonyms: [[String]] = [
    ["applied_migrations", "migrations", "applied:array<object>"],
    ["newly_applied", "applied:array<string>"],
    ["pending_migrations", "pending:array<string>"],
    ["lock_reason", "reason"],
    ["session_id", "revoked:number"],
    ["second_factor", "enabled"],
    ["sessions:array<object>", "active_sessions:array<object>"],
    ["active_sessions:number", "sessions.active"],
    ["expired_sessions", "sessions.expired"],
    ["password_scheme", "accounts[].scheme", "scheme"],
    ["occurred_at", "time"],
    ["imported_accounts", "imported"],
    ["exported_accounts", "exported"],
    ["field_kinds[].kind_names", "field_kinds[].kinds"],
  ]

  /// Objects whose keys are data (a table's name, a hash scheme), not vocabulary.
  static let maps: Set<String> = ["tables", "schemes", "password_schemes"]

  /// One printed key: where, and its type.
  struct Occurrence: Hashable, CustomStringConvertible {
    let command: String
    let place: String
    let type: String
    var name: String { String(place.split(separator: ".").last ?? "").replacing("[]", with: "") }
    var description: String { "\(command): \(place) (\(type))" }
  }

  @MainActor
  static var commands: Set<String> {
    Set(
      AuthCLITool.declaration.runnablePaths.filter { $0.count > 1 }.map {
        $0.dropFirst().map(\.name).joined(separator: " ")
      })
  }

  /// Runs the commands and keeps what they printed.
  final class Recorder {
    var occurrences: [Occurrence] = []
    var covered: Set<String> = []
    var refused: Set<String> = []

    /// Runs a command with `--json`: exit 0 and one JSON value on standard output.
    @discardableResult
    func json(
      _ sandbox: borrowing Sandbox, _ words: [String], _ extra: [String] = [],
      input: String = "", as name: String? = nil, environment: [String: String] = [:]
    ) async throws -> JSONValue {
      let command = words.joined(separator: " ")
      let run = try await sandbox.run(
        ["--json"] + words + extra, input: input, extraEnvironment: environment)
      #expect(run.status == 0, "\(command): \(run.errors)")
      let value = try JSONValue(parsing: run.output)
      covered.insert(command)
      collect(value, command: name ?? command)
      return value
    }

    /// Runs a command with `--json` that must refuse it: exit 64, a usage error in JSON.
    func refuses(_ sandbox: borrowing Sandbox, _ arguments: [String], command: String) async throws
    {
      let run = try await sandbox.run(arguments)
      #expect(run.status == 64, "\(arguments): \(run.output)")
      #expect(run.output.isEmpty, "\(arguments) printed \(run.output)")
      let error = try JSONValue(parsing: run.errors)["error"]
      #expect(error?["kind"]?.string == "usage", "\(arguments): \(run.errors)")
      refused.insert(command)
    }

    /// A failure's JSON on standard error, collected as the command `error`; `covering`
    /// names a command whose answer on this engine is that failure.
    func failure(
      _ sandbox: borrowing Sandbox, _ arguments: [String], input: String = "",
      covering command: String? = nil
    ) async throws {
      let run = try await sandbox.run(["--json"] + arguments, input: input)
      #expect(run.status != 0, "\(arguments): \(run.output)")
      collect(try JSONValue(parsing: run.errors), command: "error")
      if let command { covered.insert(command) }
    }

    /// Records every key of `value` with its place and type; a list's records are the top.
    func collect(_ value: JSONValue, command: String) {
      func walk(_ value: JSONValue, at place: String) {
        switch value {
        case .object(let members):
          for (key, child) in members {
            let childPlace = place.isEmpty ? key : place + "." + key
            occurrences.append(
              Occurrence(
                command: command, place: childPlace, type: JSONVocabularyTests.type(of: child)))
            if JSONVocabularyTests.maps.contains(key) { continue }
            walk(child, at: childPlace)
          }
        case .array(let array):
          for element in array { walk(element, at: place.isEmpty ? "" : place + "[]") }
        default: break
        }
      }
      walk(value, at: "")
    }
  }

  @Test(arguments: Engine.allCases)
  func everyCommandSpeaksOneVocabulary(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    let recorder = Recorder()
    let passphrase = Passphrase.first
    try await recorder.json(sandbox, ["migrate"])
    try await recorder.json(sandbox, ["migrate", "status"])
    if engine == .sqlite {
      try await recorder.json(sandbox, ["migrate"], ["--adopt"], as: "migrate --adopt")
    } else {
      // A server's database is no file to adopt: refused with its next step.
      try await recorder.failure(sandbox, ["migrate", "--adopt"])
    }
    try await recorder.json(
      sandbox, ["signup"], ["--username", "ada", "--password-stdin"], input: passphrase + "\n")
    try await recorder.json(sandbox, ["whoami"])
    let elsewhere = try await recorder.json(
      sandbox, ["signin"], ["--username", "ada", "--password-stdin"], input: passphrase + "\n",
      environment: ["XDG_STATE_HOME": sandbox.root + "/elsewhere"])
    try await recorder.json(sandbox, ["sessions", "list"])
    let other = try #require(elsewhere["session_id"]?.integer)
    try await recorder.json(sandbox, ["sessions", "revoke"], [String(other)])
    let files = try sandbox.stateFiles()
    let token = try String(contentsOfFile: sandbox.stateFolder + "/" + files[0], encoding: .utf8)
    try await recorder.json(sandbox, ["sessions", "check"], ["--token-stdin"], input: token)
    try await recorder.json(sandbox, ["sessions", "token"])

    let enrolment = try await recorder.json(sandbox, ["2fa", "enable"])
    let secret = try #require(enrolment["secret"]?.string)
    try await recorder.json(
      sandbox,
      ["2fa", "confirm"], ["--code-stdin"],
      input: try PyOTP.code(secret: secret, stepsAhead: 0) + "\n")
    try await recorder.json(sandbox, ["2fa", "status"])
    try await recorder.json(
      sandbox, ["2fa", "recovery-codes"], ["--password-stdin"], input: passphrase + "\n")
    try await recorder.json(sandbox, ["users", "list"])
    try await recorder.json(sandbox, ["users", "show"], ["ada"])
    try await recorder.json(
      sandbox, ["2fa", "disable"], ["--password-stdin"], input: passphrase + "\n")
    let again = try await recorder.json(sandbox, ["2fa", "enable"])
    try await recorder.json(
      sandbox,
      ["2fa", "confirm"], ["--code-stdin"],
      input: try PyOTP.code(secret: try #require(again["secret"]?.string), stepsAhead: 1)
        + "\n")
    try await recorder.json(sandbox, ["users", "reset-2fa"], ["ada"])
    try await recorder.json(
      sandbox, ["signin"], ["--username", "ada", "--password-stdin"], input: passphrase + "\n")
    try await recorder.json(
      sandbox,
      ["passwd"], ["--password-stdin"], input: passphrase + "\n" + Passphrase.second + "\n")
    try await recorder.json(sandbox, ["signout"])

    try await recorder.json(
      sandbox, ["users", "add"], ["--username", "bob", "--password-stdin"], input: passphrase + "\n"
    )
    try await recorder.json(sandbox, ["users", "lock"], ["bob", "--reason", "left"])
    try await recorder.json(sandbox, ["users", "require-new-password"], ["bob"])
    try await recorder.json(sandbox, ["users", "show"], ["bob"])
    try await recorder.json(sandbox, ["users", "unlock"], ["bob"])
    try await recorder.json(
      sandbox, ["users", "reset-password"], ["bob", "--password-stdin"], input: passphrase + "\n")
    try await recorder.json(sandbox, ["users", "rename"], ["bob", "carl"])
    try await recorder.json(sandbox, ["groups", "add"], ["staff", "carl"])
    try await recorder.json(sandbox, ["groups", "list"])
    try await recorder.json(sandbox, ["groups", "list"], ["staff"])
    try await recorder.json(sandbox, ["groups", "check"], ["carl", "staff"])
    try await recorder.json(sandbox, ["users", "show"], ["carl"])
    let groupFile = sandbox.root + "/groups"
    try "staff: carl\n".write(toFile: groupFile, atomically: true, encoding: .utf8)
    try await recorder.json(
      sandbox, ["groups", "import"], ["--format", "htgroup", "--dry-run", groupFile])
    try await recorder.json(sandbox, ["groups", "remove"], ["staff", "carl"])
    try await recorder.json(sandbox, ["users", "expire"], ["carl", "--on", "2099-01-01"])
    try await recorder.json(sandbox, ["users", "list"])
    try await recorder.json(sandbox, ["users", "expire"], ["carl", "--never"])
    try await recorder.json(
      sandbox, ["verify"], ["--username", "carl", "--password-stdin"], input: passphrase + "\n")
    try await recorder.json(sandbox, ["audit"])
    // Without a path the export is JSON Lines: each line is collected as an object.
    let lines = try await sandbox.run(["--json", "users", "export"])
    #expect(lines.status == 0, "\(lines.errors)")
    for line in lines.output.split(separator: "\n") {
      recorder.collect(try JSONValue(parsing: line), command: "users export")
    }
    try await recorder.json(sandbox, ["users", "export"], ["exported.jsonl"])
    let importFile = sandbox.root + "/users.htpasswd"
    try
      ("ann:$2y$05$Ea5YSRi0G.1KpzliENAIauq3UH9bXwRcoBk9Lpo7Egt0tLqxj1IKG\n"
      + "carl:$apr1$hrZvlkaO$lSsmCcGN7a2FchLsGXYGq0\n").write(
        toFile: importFile, atomically: true, encoding: .utf8)
    try await recorder.json(
      sandbox,
      ["users", "import"], ["--format", "htpasswd", "--dry-run", "--skip-invalid", importFile],
      environment: ["AUTHCLI_ARGON2": "interactive"])
    try await recorder.json(sandbox, ["users", "sign-in-work"])
    try await recorder.json(sandbox, ["users", "sign-in-work"], ["--fit"])
    try await recorder.json(sandbox, ["users", "delete"], ["carl", "--yes"])
    try await recorder.json(sandbox, ["sessions", "prune"])
    try await recorder.json(sandbox, ["inspect"])
    if engine == .sqlite {
      try await recorder.json(sandbox, ["backup"], ["copy.sqlite3"])
    } else {
      // pg_dump backs up a server's database: refused with its next step.
      try await recorder.failure(sandbox, ["backup", "copy.sqlite3"], covering: "backup")
    }
    try await recorder.json(sandbox, ["version"])
    try await recorder.json(sandbox, ["help"], ["errors"], as: "help errors")
    try await recorder.json(sandbox, ["help"], ["exit-codes"], as: "help exit-codes")

    try await recorder.refuses(sandbox, ["--json", "shell"], command: "shell")
    try await recorder.refuses(sandbox, ["--json", "completion", "bash"], command: "completion")
    try await recorder.refuses(sandbox, ["--json", "help", "signup"], command: "help")
    try await recorder.refuses(sandbox, ["--json", "signup", "--help"], command: "signup --help")

    try await recorder.failure(sandbox, ["users", "show", "nobody"])
    try await recorder.failure(
      sandbox,
      ["users", "add", "--username", "x", "--password-stdin"], input: "short\n")

    // Every command of the command table ran here, printing JSON or refusing --json.
    let commands = await Self.commands
    let missing = commands.subtracting(recorder.covered).subtracting(recorder.refused)
    #expect(missing.isEmpty, "commands with no --json run in this test: \(missing.sorted())")

    // Every catalogued command ran, and printed only what its values declare.
    let catalogued = Set(JSONOutputCatalog.entries.map(\.command))
    // A server's database is no file to adopt or to back up: both refuse with a next step.
    let refusedHere: Set<String> = engine == .postgres ? ["migrate --adopt", "backup"] : []
    let printed = Set(recorder.occurrences.map(\.command))
    #expect(catalogued.subtracting(printed).subtracting(refusedHere).isEmpty)
    let declared = Self.declared
    for occurrence in recorder.occurrences where !Self.isDeprecated(occurrence) {
      let isDeclared = declared.contains(occurrence.command + " " + occurrence.place)
      #expect(
        isDeclared,
        "\(occurrence) is printed but not declared by \(occurrence.command)'s value")
    }

    let kept = recorder.occurrences.filter { !Self.isDeprecated($0) }
    // One name, one type.
    let byName = Dictionary(grouping: kept, by: \.name)
    for (name, occurrences) in byName.sorted(by: { $0.key < $1.key }) {
      // `null` (absent) and `[]` (no elements to judge) agree with any type.
      let meaningful = Set(occurrences.map(\.type)).subtracting(["null", "array<?>"])
      #expect(
        meaningful.count <= 1,
        "'\(name)' has \(meaningful.count) types: \(Set(occurrences.map(\.description)).sorted())")
    }
    // One concept, one name.
    for group in Self.synonyms {
      let used = group.filter { entry in kept.contains { Self.matches($0, entry) } }
      #expect(
        used.count <= 1,
        "\(used) name one concept: \(kept.filter { o in used.contains { Self.matches(o, $0) } })")
    }
    // Times are `…_at` (or `…_until`) keys.
    for occurrence in kept where occurrence.type == "time" {
      #expect(
        occurrence.name.hasSuffix("_at") || occurrence.name.hasSuffix("_until"),
        "a time under '\(occurrence.place)' in \(occurrence.command)")
    }
    // A deprecated key is kept for its one release, and its entry goes with it.
    for (command, places) in Self.deprecated
    where recorder.occurrences.contains(where: { $0.command == command }) {
      for place in places {
        #expect(
          recorder.occurrences.contains { $0.command == command && $0.place == place },
          "deprecated '\(place)' of \(command) is no longer printed: drop its declaration")
      }
    }
  }

  private static func isDeprecated(_ occurrence: Occurrence) -> Bool {
    guard let places = deprecated[occurrence.command] else { return false }
    return places.contains { occurrence.place == $0 || occurrence.place.hasPrefix($0 + ".") }
      || places.contains { occurrence.place.hasPrefix($0 + "[]") }
  }

  private static func matches(_ occurrence: Occurrence, _ entry: String) -> Bool {
    let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
    guard occurrence.place == parts[0] else { return false }
    return parts.count == 1 || occurrence.type == parts[1]
  }

  /// The JSON type as the vocabulary names it; an ISO 8601 string is a `time`.
  static func type(of value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool: return "boolean"
    case .integer, .real: return "number"
    case .string(let text):
      return text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/) != nil
        ? "time" : "string"
    case .object: return "object"
    case .array(let array):
      let elements = Set(array.map { type(of: $0) })
      if elements.isEmpty { return "array<?>" }
      return "array<\(elements.count == 1 ? elements.first ?? "" : "mixed")>"
    }
  }
}

/// The printed JSON, read by the parser the import uses.
extension JSONValue {
  init(parsing text: some StringProtocol) throws {
    self = try JanssonParser.shared.get().parse(String(text)).get()
  }

  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  var string: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  var integer: Int? {
    guard case .integer(let number) = self else { return nil }
    return Int(exactly: number)
  }
}
