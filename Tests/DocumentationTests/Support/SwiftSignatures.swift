import Foundation

/// A protocol's requirements or a type's public members as full declarations (types, labels,
/// effects), one a line, read from the text of the sources: what docs/library.md shows under
/// `<!-- declaration: Name -->`, so that code written from the page compiles.
struct SwiftSignatures {
  /// Each file's text without comments, by path.
  private let sources: [(path: String, text: String)]

  /// Reads every `.swift` file under each folder (relative to `root`).
  init(root: String, folders: [String]) throws {
    var sources: [(String, String)] = []
    for folder in folders {
      let base = root + "/" + folder
      guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
      for case let path as String in walker where path.hasSuffix(".swift") {
        let text = try String(contentsOfFile: base + "/" + path, encoding: .utf8)
        sources.append((folder + "/" + path, Self.withoutComments(text)))
      }
    }
    self.sources = sources.sorted { $0.0 < $1.0 }
  }

  /// The declaration of `name` as the page shows it: a protocol with every requirement, or
  /// a struct or class with every public member (its extensions' included); `nil` when the
  /// sources declare no such type.
  func block(of name: String) throws -> [String]? {
    let opening = try Regex(
      #"public\s+(?:final\s+)?(protocol|struct|class|enum)\s+"# + name + #"\b[^{]*\{"#)
    for (_, text) in sources {
      guard let match = text.firstMatch(of: opening) else { continue }
      let header = Self.collapsed(String(text[match.range]))
      let body = SwiftDeclarations.body(in: text, openingAt: match.range.upperBound)
      let isProtocol = match.output[1].substring == "protocol"
      var members = isProtocol ? Self.requirements(of: body) : Self.publicMembers(of: body)
      if !isProtocol {
        let extensionOpening = try Regex(#"\bextension\s+"# + name + #"\b[^{]*\{"#)
        for (_, other) in sources {
          for found in other.matches(of: extensionOpening) {
            members += Self.publicMembers(
              of: SwiftDeclarations.body(in: other, openingAt: found.range.upperBound))
          }
        }
      }
      return [header] + members.map { "  " + $0 } + ["}"]
    }
    return nil
  }

  /// The text without `//` and `/* */` comments (string literals kept: a default value may
  /// be one).
  static func withoutComments(_ text: String) -> String {
    text.replacing(/\/\*[\s\S]*?\*\//, with: "")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        // A `//` inside a string literal is not a comment.
        var inString = false
        var previous: Character = " "
        var kept = ""
        for character in line {
          if character == "\"", previous != "\\" { inString.toggle() }
          if !inString, character == "/", previous == "/" {
            kept.removeLast()
            break
          }
          kept.append(character)
          previous = character
        }
        return kept
      }.joined(separator: "\n")
  }

  /// Whitespace runs as one space, and none inside brackets' edges.
  static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      .replacing("( ", with: "(").replacing(" )", with: ")")
      .replacing("[ ", with: "[").replacing(" ]", with: "]")
      .replacing("< ", with: "<").replacing(" >", with: ">")
  }

  /// A protocol's requirements: each starts on a line of its own with its attributes and
  /// keyword, and runs until the next one starts.
  private static func requirements(of body: String) -> [String] {
    let start =
      /^(?:@[A-Za-z]+(?:\([^)]*\))?\s*)*(?:(?:static|mutating|nonisolated)\s+)*(?:func|var|init|associatedtype|subscript|typealias)\b/
    let attributeOnly = /^(?:@[A-Za-z]+(?:\([^)]*\))?\s*)+$/
    var declarations: [String] = []
    var current: String?
    for line in body.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      let continuesAttributes = current.map { $0.wholeMatch(of: attributeOnly) != nil } ?? false
      let starts =
        trimmed.firstMatch(of: start) != nil || trimmed.wholeMatch(of: attributeOnly) != nil
      if starts, !continuesAttributes {
        if let current { declarations.append(collapsed(current)) }
        current = trimmed
      } else {
        current = (current ?? "") + " " + trimmed
      }
    }
    if let current { declarations.append(collapsed(current)) }
    return declarations
  }

  /// A type's public members at the top of its body: each declaration up to its body's
  /// brace, or to its line's end when it has none.
  private static func publicMembers(of body: String) -> [String] {
    // The body with every nested brace's content replaced by one marker.
    var depth = 0
    var flat = ""
    for character in body {
      if character == "{" {
        if depth == 0 { flat.append("\u{1}") }
        depth += 1
      } else if character == "}" {
        depth -= 1
      } else if depth == 0 {
        flat.append(character)
      }
    }
    // A public member, or an enum's case (public with its enum), on a line of its own.
    let declaration =
      /(?:@[A-Za-z]+(?:\([^)]*\))?\s+)*public\s+(?:(?:static|nonisolated|mutating|final)\s+)*(?:func|init|var|let|subscript)\b|(?m:^\s*(?:indirect\s+)?case\s)/
    var members: [String] = []
    for match in flat.matches(of: declaration) {
      let rest = flat[match.range.lowerBound...].drop { $0.isWhitespace }
      let isStored =
        rest.firstMatch(of: /^(?:public\s+(?:static\s+)?(?:let|var)|(?:indirect\s+)?case)\b/) != nil
      var end = rest.firstIndex(of: "\u{1}") ?? rest.endIndex
      if isStored, let newline = rest.firstIndex(of: "\n"), newline < end { end = newline }
      var member = collapsed(String(rest[..<end]))
      // A stored property's declaration, not its initial value, unless the value gives its
      // type.
      if isStored, let value = member.range(of: " ="), member[..<value.lowerBound].contains(":") {
        member = String(member[..<value.lowerBound])
      }
      members.append(member)
    }
    return members
  }
}
