import Foundation

/// The protocols and enums of some source folders, with their members, read from the text of
/// the sources: enough of Swift's grammar to list a protocol's requirements (and which of them
/// an extension of the protocol implements), an enum's cases, by the names a reader writes
/// (`verify(_:against:)`, `currentWork`, `usernameChanged`).
struct SwiftDeclarations {
  /// A protocol's or an enum's members, by name.
  struct Declaration: Equatable {
    enum Kind { case `protocol`, `enum` }
    let kind: Kind
    /// A protocol's requirements, or an enum's cases.
    var members: [String]
    /// The requirements that an extension of the protocol implements (none for an enum).
    var defaulted: Set<String> = []
  }

  private(set) var declarations: [String: Declaration] = [:]

  /// Reads every `.swift` file under each folder (relative to `root`).
  init(root: String, folders: [String]) throws {
    var extensions: [(name: String, body: String)] = []
    for folder in folders {
      let base = root + "/" + folder
      guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
      for case let path as String in walker where path.hasSuffix(".swift") {
        let text = Self.withoutCommentsAndStrings(
          try String(contentsOfFile: base + "/" + path, encoding: .utf8))
        for match in text.matches(of: /\b(protocol|enum)\s+([A-Za-z_][A-Za-z0-9_]*)[^{]*\{/) {
          let body = Self.body(in: text, openingAt: match.range.upperBound)
          let name = String(match.output.2)
          if match.output.1 == "protocol" {
            declarations[name] = Declaration(kind: .protocol, members: Self.members(of: body))
          } else {
            declarations[name] = Declaration(kind: .enum, members: Self.cases(of: body))
          }
        }
        for match in text.matches(of: /\bextension\s+([A-Za-z_][A-Za-z0-9_]*)\s*(where[^{]*)?\{/) {
          let body = Self.body(in: text, openingAt: match.range.upperBound)
          extensions.append((String(match.output.1), body))
        }
      }
    }
    for (name, body) in extensions {
      guard var declaration = declarations[name], declaration.kind == .protocol else { continue }
      let implemented = Set(Self.members(of: body))
      declaration.defaulted.formUnion(implemented.intersection(declaration.members))
      declarations[name] = declaration
    }
  }

  /// The text with comments and string literals emptied, so their braces and words count for
  /// nothing.
  static func withoutCommentsAndStrings(_ text: String) -> String {
    text.replacing(/"""[\s\S]*?"""/, with: "\"\"")
      .replacing(/"(?:[^"\\\n]|\\.)*"/, with: "\"\"")
      .replacing(/\/\*[\s\S]*?\*\//, with: "")
      .replacing(/\/\/[^\n]*/, with: "")
  }

  /// The text between the brace just before `start` and the one that closes it.
  static func body(in text: String, openingAt start: String.Index) -> String {
    var depth = 1
    var index = start
    while index < text.endIndex {
      switch text[index] {
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth == 0 { return String(text[start..<index]) }
      default: break
      }
      index = text.index(after: index)
    }
    return String(text[start...])
  }

  /// The body's own text, without what nested braces hold.
  private static func topLevel(_ body: String) -> String {
    var depth = 0
    var kept = ""
    for character in body {
      if character == "{" { depth += 1 }
      if depth == 0 { kept.append(character) }
      if character == "}" { depth -= 1 }
    }
    return kept
  }

  /// Functions by selector (`name(label:_:)`), initialisers as `init(…)`, properties and
  /// associated types by name.
  static func members(of body: String) -> [String] {
    let text = topLevel(body)
    var names: [String] = []
    let declaration =
      /\b(?:(func)\s+([A-Za-z_][A-Za-z0-9_]*)|(init)(?=[?(<])\??|(?:var|let|associatedtype)\s+([A-Za-z_][A-Za-z0-9_]*))/
    for match in text.matches(of: declaration) {
      if let property = match.output.4 {
        names.append(String(property))
        continue
      }
      let base = match.output.2.map(String.init) ?? "init"
      var rest = text[match.range.upperBound...]
      if rest.first == "<" { rest = rest.drop { $0 != ">" }.dropFirst() }
      guard rest.first == "(" else { continue }
      names.append(base + "(" + labels(ofParameters: rest).map { $0 + ":" }.joined() + ")")
    }
    return names
  }

  /// The argument labels of the parameter list that `text` starts with.
  private static func labels(ofParameters text: Substring) -> [String] {
    var depth = 0
    var parameters: [String] = []
    var current = ""
    var previous: Character = " "
    for character in text {
      switch character {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      case "<": depth += 1
      case ">" where previous != "-": depth -= 1
      default: break
      }
      if depth == 0 { break }
      if depth == 1, character == "," {
        parameters.append(current)
        current = ""
      } else if !(depth == 1 && character == "(") {
        current.append(character)
      }
      previous = character
    }
    parameters.append(current)
    return parameters.compactMap { parameter in
      let words = parameter.split(whereSeparator: { $0.isWhitespace || $0 == ":" })
      return words.first.map(String.init)
    }
  }

  /// An enum's cases by name.
  static func cases(of body: String) -> [String] {
    var names: [String] = []
    for line in topLevel(body).split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("case ") || trimmed.hasPrefix("indirect case ") else { continue }
      let list = trimmed.drop { $0 != " " }.dropFirst()
      var depth = 0
      var current = ""
      for character in list {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
        if depth == 0, character == "," {
          names.append(current)
          current = ""
        } else {
          current.append(character)
        }
      }
      names.append(current)
    }
    return names.compactMap { name in
      name.trimmingCharacters(in: .whitespaces).firstMatch(of: /^[A-Za-z_][A-Za-z0-9_]*/)
        .map { String($0.output) }
    }
  }
}
