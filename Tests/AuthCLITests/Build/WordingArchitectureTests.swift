import Foundation
import Testing

@testable import AuthCLI

/// What to do about a failure is the front end's to say: the modules below it carry data
/// (a path, a mode, an error number, an engine's code) and say what happened, and only
/// `AuthCLI` names its commands, its flags and the shell commands that fix a file. A
/// library user's front end has other commands, and a step worded below would be wrong
/// there.
@Suite @MainActor struct WordingArchitectureTests {
  /// The modules under the front end, whose text must not name its commands.
  static let modulesBelowTheFrontEnd = [
    "AuthCore", "AuthDatabase", "AuthSQLStore", "AuthStorage", "AuthPostgres", "AuthCrypto",
    "AuthViewModels",
  ]

  /// The contents of the string literals on one line of Swift, up to a `//` comment outside
  /// them. A literal that spans lines is read line by line.
  static func literals(in line: Substring) -> [String] {
    var found: [String] = []
    var current: String?
    var escaped = false
    var previous: Character?
    for character in line {
      if var text = current {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          found.append(text)
          current = nil
          previous = character
          continue
        }
        text.append(character)
        current = text
      } else if character == "/", previous == "/" {
        break
      } else if character == "\"" {
        current = ""
      }
      previous = character
    }
    if let current { found.append(current) }
    return found
  }

  /// The front end's words a literal holds: a command of `commands` after `authcli `, a
  /// long flag, or a shell command that fixes a file or installs a package.
  static func frontEndWords(in literal: String, commands: Set<String>) -> [String] {
    var words: [String] = []
    for command in commands where literal.contains("authcli " + command) {
      words.append("authcli " + command)
    }
    for marker in ["chmod ", "mkdir ", "apt-get "] where literal.contains(marker) {
      words.append(marker)
    }
    let characters = Array(literal)
    for index in characters.indices.dropLast(2)
    where characters[index] == "-" && characters[index + 1] == "-"
      && characters[index + 2].isLetter && (index == 0 || " '(`".contains(characters[index - 1]))
    {
      words.append(String(characters[index...].prefix { !$0.isWhitespace }))
    }
    return words
  }

  /// The names of the tool's subcommands, at every depth.
  static var commandNames: Set<String> {
    func below(_ command: Subcommand) -> [String] {
      command.subcommands.flatMap { [$0.name] + below($0) }
    }
    return Set(below(AuthCLITool.declaration.root))
  }

  @Test func theScanFindsTheFrontEndsWordsInLiteralsOnly() {
    let commands = Self.commandNames
    #expect(commands.contains("migrate") && commands.contains("reset-password"))
    func words(_ line: Substring) -> [String] {
      Self.literals(in: line).flatMap { Self.frontEndWords(in: $0, commands: commands) }
    }
    #expect(words(#"  hint: "Run 'authcli migrate' first.")"#) == ["authcli migrate"])
    #expect(words(#"  "pass --keep-locked to keep it""#) == ["--keep-locked"])
    #expect(words(#"  "--skip-invalid imports the rest""#) == ["--skip-invalid"])
    #expect(words(#"  "the value for '--reason <text>'""#) == ["--reason"])
    #expect(words(#"  "make it private (chmod 600 \(path))""#) == ["chmod "])
    #expect(words(#"  "is \"quoted\" then 'authcli users list'""#) == ["authcli users"])
    #expect(words(#"  "not an authcli database""#).isEmpty)
    #expect(words(#"  let x = y  // run 'authcli migrate' --db"#).isEmpty)
    #expect(words(#"  "postgresql://h/d"  // then 'authcli signin'"#).isEmpty)
    #expect(words(#"  "-- an SQL comment", "a--b""#).isEmpty)
  }

  @Test func noModuleBelowTheFrontEndNamesItsCommandsOrFlags() throws {
    let commands = Self.commandNames
    var scanned = 0
    for module in Self.modulesBelowTheFrontEnd {
      for (path, lines) in try PackageSources.files(of: module) {
        for (number, line) in lines.enumerated() {
          let words = Self.literals(in: line).flatMap {
            Self.frontEndWords(in: $0, commands: commands)
          }
          #expect(
            words.isEmpty,
            "\(module)/\(path):\(number + 1) words the front end's step (\(words)): \(line)")
        }
        scanned += 1
      }
    }
    #expect(scanned > 100, "the scan found the sources")
  }
}
