import Foundation

/// One generated run: raw argument bytes (which may be invalid UTF-8) and raw stdin.
struct FuzzCase: Sendable {
  /// The arguments after the program name.
  let arguments: [[UInt8]]
  /// Standard input.
  let input: Data
  /// Which client (session state folder) runs it.
  let client: String
  /// A short, printable account of the case for failure messages.
  let label: String
}

/// Generates hostile command lines and inputs from a seed.
struct InputFuzzer {
  /// The database path cases mostly use.
  let database: String
  private var random: SeededGenerator

  private static let subcommands = [
    "signup", "signin", "signout", "whoami", "passwd", "sessions", "users", "inspect", "migrate",
    "shell", "help", "verify", "audit", "backup",
  ]
  private static let options = [
    "--password-stdin", "--json", "--no-input", "--no-color", "--all", "-h", "--help",
    "--version", "list", "revoke", "exit-codes", "--username", "--db", "--bogus", "-x", "--",
    "add", "show", "delete", "lock", "unlock", "reset-password", "check", "prune", "--yes",
    "--reason", "--token-stdin", "--user", "--kind", "--since", "--limit", "--adopt",
  ]
  private static let shellLines = [
    "1", "2", "3", "4", "5", "Sign in", "sign UP", "quit", "exit", "Sessions", "change password",
    "sign out", "sign out everywhere", "0", "-1", "99", "",
  ]

  /// Starts generating with `seed`, for cases on `database`.
  init(seed: UInt64, database: String) {
    self.database = database
    random = SeededGenerator(seed: seed)
  }

  /// The next case: half well-formed commands carrying hostile values and input, half
  /// a soup of options.
  mutating func next(number: Int) -> FuzzCase {
    var arguments: [[UInt8]] = []
    if !random.chance(0.05) {
      arguments += [Array("--db".utf8), Array(database.utf8)]
    }
    let (command, subcommand) = random.chance(0.55) ? wellFormed() : soup()
    arguments += command
    if random.chance(0.2) { arguments.append(Array("--json".utf8)) }
    let (input, inputLabel) = stdin(for: subcommand)
    let client = random.chance(0.5) ? "signed-in" : "fuzz\(number % 4)"
    let shown = command.map { String(decoding: $0, as: UTF8.self).debugDescription }
    return FuzzCase(
      arguments: arguments, input: input, client: client,
      label: "#\(number) \(shown.joined(separator: " ").prefix(200)) <\(inputLabel)>")
  }

  /// A command authcli accepts, with a hostile value where it takes one.
  private mutating func wellFormed() -> ([[UInt8]], String) {
    let value = argumentBytes()
    let templates: [[[UInt8]]] = [
      ["signup", "--username"].map { Array($0.utf8) } + [value, Array("--password-stdin".utf8)],
      ["signin", "--username"].map { Array($0.utf8) } + [value, Array("--password-stdin".utf8)],
      ["passwd", "--password-stdin"].map { Array($0.utf8) },
      ["sessions", "revoke"].map { Array($0.utf8) } + [value],
      ["shell"].map { Array($0.utf8) }, ["whoami"].map { Array($0.utf8) },
      ["signout"].map { Array($0.utf8) }, ["sessions", "list"].map { Array($0.utf8) },
      ["users", "list"].map { Array($0.utf8) }, ["inspect"].map { Array($0.utf8) },
      ["users", "add", "--password-stdin", "--username"].map { Array($0.utf8) } + [value],
      ["users", "show"].map { Array($0.utf8) } + [value],
      ["users", "lock"].map { Array($0.utf8) } + [value, Array("--reason".utf8), value],
      ["users", "unlock"].map { Array($0.utf8) } + [value],
      ["users", "delete", "--yes"].map { Array($0.utf8) } + [value],
      ["users", "reset-password", "--password-stdin"].map { Array($0.utf8) } + [value],
      ["verify", "--password-stdin", "--username"].map { Array($0.utf8) } + [value],
      ["sessions", "check", "--token-stdin"].map { Array($0.utf8) },
      ["sessions", "prune"].map { Array($0.utf8) },
      [
        "audit",
        ["--user", "--kind", "--since", "--limit"].randomElement(using: &random) ?? "--user",
      ]
      .map { Array($0.utf8) } + [value],
      // Inside the workspace: no folder separators, so no way out of it.
      ["backup"].map { Array($0.utf8) }
        + [value.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }],
    ]
    let command = templates.randomElement(using: &random) ?? templates[0]
    return (command, String(decoding: command[0], as: UTF8.self))
  }

  /// A subcommand (or garbage) followed by random options and values.
  private mutating func soup() -> ([[UInt8]], String) {
    let subcommand =
      random.chance(0.9) ? Self.subcommands.randomElement(using: &random) ?? "help" : text()
    var arguments = [Array(subcommand.utf8)]
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let option = Self.options.randomElement(using: &random) ?? "--json"
      arguments.append(Array(option.utf8))
      let takesValue = [
        "--username", "revoke", "--db", "--reason", "--user", "--kind", "--since", "--limit",
        "show", "delete", "lock", "unlock", "reset-password",
      ].contains(option)
      if takesValue, random.chance(0.85) {
        var value = argumentBytes()
        if option == "--db" {
          // Any name, but inside the workspace: no folder separators, so no way out of it.
          value = value.map { $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }
        }
        arguments.append(value)
      }
    }
    return (arguments, subcommand)
  }

  /// A hostile text value.
  private mutating func text() -> String {
    if random.chance(0.7) { return HostileStrings.all.randomElement(using: &random) ?? "" }
    let length = Int.random(in: 0...40, using: &random)
    return String(
      (0..<length).map { _ in
        Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7e, using: &random)))
      })
  }

  /// An argument: hostile text, or bytes that are not UTF-8 (never NUL, which argv cannot hold).
  private mutating func argumentBytes() -> [UInt8] {
    if random.chance(0.75) { return Array(text().utf8) }
    return (0..<Int.random(in: 1...24, using: &random)).map { _ in
      UInt8.random(in: 1...255, using: &random)
    }
  }

  /// Standard input for a subcommand, with a short label.
  private mutating func stdin(for subcommand: String) -> (Data, String) {
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<2:
      var line = Data(repeating: UInt8(ascii: "a"), count: 1_048_576)
      if random.chance(0.5) { line.append(UInt8(ascii: "\n")) }
      return (line + line, "1 MB lines")
    case 2..<15:
      let bytes = (0..<Int.random(in: 0...2048, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      return (Data(bytes), "random bytes")
    case 15..<25:
      let broken: [[UInt8]] = [
        [0xff, 0xfe], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88],
      ]
      var data = Data()
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        data += Array("pass phrase ".utf8) + (broken.randomElement(using: &random) ?? [0xff])
        data += random.chance(0.5) ? [0x00] : [0x0a]
      }
      return (data, "invalid UTF-8 and NUL")
    case 25..<32:
      return (
        Data(String(repeating: "\n", count: Int.random(in: 1...6, using: &random)).utf8),
        "empty lines"
      )
    case 32..<55:
      return truncatedScript(for: subcommand)
    case 55..<70 where subcommand == "shell":
      let lines = (0..<Int.random(in: 0...25, using: &random)).map { _ in
        random.chance(0.6) ? Self.shellLines.randomElement(using: &random) ?? "" : text()
      }
      return (Data(lines.map { $0 + "\n" }.joined().utf8), "shell lines")
    default:
      let lines = (0..<Int.random(in: 0...4, using: &random)).map { _ in text() }
      return (Data(lines.map { $0 + "\n" }.joined().utf8), "hostile lines")
    }
  }

  /// A well-formed input cut short: after 0, 1, 2 … lines, or in the middle of a line.
  private mutating func truncatedScript(for subcommand: String) -> (Data, String) {
    let phrase = "a perfectly fine pass phrase"
    let full: [String]
    switch subcommand {
    case "shell":
      full = [
        "2", "fuzzuser\(Int.random(in: 0...50, using: &random))", phrase, phrase, "1", "quit",
      ]
    case "passwd": full = [phrase, phrase + " two", phrase + " two"]
    default: full = [phrase, phrase]
    }
    let keep = Int.random(in: 0...full.count, using: &random)
    var text = full.prefix(keep).map { $0 + "\n" }.joined()
    if keep < full.count, random.chance(0.3) { text += String(full[keep].prefix(5)) }
    return (Data(text.utf8), "EOF after \(keep) line(s)")
  }
}
