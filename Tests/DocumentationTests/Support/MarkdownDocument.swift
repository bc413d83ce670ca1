import Foundation
import Testing

/// One Markdown file of the manual, cut into its fenced blocks.
struct MarkdownDocument: Sendable {
  /// The path relative to the repository, as it is reported (`docs/cli.md`).
  let relativePath: String
  /// The file's lines, without their line endings.
  let lines: [String]
  /// Every fenced block, in order.
  let blocks: [FencedBlock]

  /// Reads and cuts the file at `relativePath` under `root`.
  init(root: String, relativePath: String) throws {
    self.relativePath = relativePath
    let text = try String(contentsOfFile: root + "/" + relativePath, encoding: .utf8)
    lines = text.components(separatedBy: "\n")
    blocks = Self.blocks(in: lines)
  }

  /// The lines of the table under `header`: from the one after its rule to the last row.
  func tableRows(
    under header: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Range<Int> {
    let headerIndex = try #require(
      lines.firstIndex(of: header), "\(relativePath) has no `\(header)` table",
      sourceLocation: sourceLocation)
    let first = headerIndex + 2
    var end = first
    while end < lines.count, lines[end].hasPrefix("| ") { end += 1 }
    return first..<end
  }

  /// Writes the file back under `root` with `rows` in place of the table lines `range`.
  func write(_ rows: [String], replacing range: Range<Int>, root: String) throws {
    var lines = lines
    lines.replaceSubrange(range, with: rows)
    try lines.joined(separator: "\n").write(
      toFile: root + "/" + relativePath, atomically: true, encoding: .utf8)
  }

  /// Checks a table the declarations write: an update run writes `declared` in, any other
  /// run records `problem` at the table's first row, followed by the declared rows.
  func check(
    table range: Range<Int>, declared: [String], problem: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard Array(lines[range]) != declared else { return }
    if Manual.isUpdating { return try write(declared, replacing: range, root: Manual.root) }
    Issue.record(
      Comment(
        rawValue: "\(relativePath):\(range.lowerBound + 1): \(problem) (\(Manual.updateHint)); "
          + "declared:\n" + declared.joined(separator: "\n")),
      sourceLocation: sourceLocation)
  }

  /// The fences and what the comment just above each one asks of it.
  private static func blocks(in lines: [String]) -> [FencedBlock] {
    var blocks: [FencedBlock] = []
    var index = 0
    while index < lines.count {
      guard let fence = Fence(opening: lines[index]) else {
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, !fence.isClosed(by: lines[end]) { end += 1 }
      blocks.append(
        FencedBlock(
          info: fence.info, openingLine: index + 1, body: Array(lines[(index + 1)..<end]),
          directive: Directive(above: index, in: lines)))
      index = end + 1
    }
    return blocks
  }
}

/// A fenced code block: its info string, where it starts, its lines.
struct FencedBlock: Sendable {
  /// The info string after the opening fence (`console`, `swift`, …).
  let info: String
  /// The 1-based line of the opening fence.
  let openingLine: Int
  /// The lines between the fences.
  let body: [String]
  /// The `<!-- sample … -->` or `<!-- include: … -->` comment just above the fence.
  let directive: Directive?

  /// The first word of the info string: the block's language.
  var language: String { String(info.split(separator: " ").first ?? "") }
}

/// An opening fence of backticks or tildes.
private struct Fence {
  let marker: String
  let info: String

  init?(opening line: String) {
    guard let first = line.first, first == "`" || first == "~" else { return nil }
    let marker = String(line.prefix { $0 == first })
    guard marker.count >= 3 else { return nil }
    self.marker = marker
    info = line.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
  }

  func isClosed(by line: String) -> Bool {
    guard line.hasPrefix(marker), let character = marker.first else { return false }
    return line.drop { $0 == character }.allSatisfy { $0 == " " }
  }
}

/// What an HTML comment right above a fence (blank lines allowed between) asks of it.
///
/// ```
/// <!-- sample
/// setup: printf 'x\n' | authcli …     run first, its output not shown
/// input: sign up                        a line typed at a prompt, echoed by the terminal
/// secret: a typed password              a line typed with echo off
/// postgres: accounts                    commands name postgresql:///accounts
/// session: tour                         one home for every block of the file so named,
///                                       in order, the first from an empty one
/// -->
/// <!-- include: Examples/QuickStart/main.swift -->
/// <!-- declaration: UserStore -->           the type's requirements or public members
/// ```
struct Directive: Sendable, Equatable {
  /// Commands run before the block's own, whose output is not shown.
  var setup: [String] = []
  /// The lines typed, in order.
  var inputs: [TypedLine] = []
  /// A file of the repository whose text the block must show exactly.
  var include: String?
  /// A type of the sources whose declaration (every requirement, or every public member)
  /// the block must show, one a line, as `SwiftSignatures` reads it.
  var declaration: String?
  /// The PostgreSQL database the block's commands name (`postgresql:///NAME`): a fresh one is
  /// made on the test server for the block, and shown under this name.
  var postgresDatabase: String?
  /// The name of a run of blocks that share one home, as a reader who types them in order
  /// has: the first starts from an empty home, each next one where the last left it.
  var session: String?
  /// Keys the comment used that mean nothing here (reported, never ignored).
  var unknownKeys: [String] = []

  /// No comment: nothing to set up, nothing typed, nothing included.
  init() {}

  /// Reads the comment that ends on the last non-blank line above `fenceIndex`.
  init?(above fenceIndex: Int, in lines: [String]) {
    var last = fenceIndex - 1
    while last >= 0, lines[last].trimmingCharacters(in: .whitespaces).isEmpty { last -= 1 }
    guard last >= 0, lines[last].hasSuffix("-->") else { return nil }
    var first = last
    while first >= 0, !lines[first].hasPrefix("<!--") { first -= 1 }
    guard first >= 0 else { return nil }
    var text = lines[first...last].joined(separator: "\n")
    text.removeFirst("<!--".count)
    text.removeLast("-->".count)
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.hasPrefix("include:") {
      include = trimmed.dropFirst("include:".count).trimmingCharacters(in: .whitespaces)
      return
    }
    if trimmed.hasPrefix("declaration:") {
      declaration = trimmed.dropFirst("declaration:".count).trimmingCharacters(in: .whitespaces)
      return
    }
    guard trimmed.hasPrefix("sample") else { return nil }
    for entry in trimmed.dropFirst("sample".count).split(separator: "\n") {
      let line = entry.trimmingCharacters(in: .whitespaces)
      if line.isEmpty { continue }
      guard let colon = line.firstIndex(of: ":") else {
        unknownKeys.append(line)
        continue
      }
      let key = line[..<colon]
      var value = String(line[line.index(after: colon)...])
      if value.hasPrefix(" ") { value.removeFirst() }
      switch key {
      case "setup": setup.append(value)
      case "input": inputs.append(TypedLine(text: value, isSecret: false))
      case "secret": inputs.append(TypedLine(text: value, isSecret: true))
      case "postgres": postgresDatabase = value
      case "session": session = value
      default: unknownKeys.append(String(key))
      }
    }
  }
}

/// A line the reader types.
struct TypedLine: Sendable, Equatable {
  /// What is typed (without the newline).
  let text: String
  /// Typed with echo off, so the transcript shows nothing of it.
  let isSecret: Bool
}

extension MarkdownDocument {
  /// Checks the blocks that `expected` generates (it answers `nil` for the others): an
  /// update run writes each generated body in, any other run records `problem` at each block
  /// whose body differs. Answers how many blocks were generated.
  @discardableResult
  func checkGeneratedBlocks(
    root: String, expected: (FencedBlock) throws -> [String]?,
    problem: (FencedBlock) -> String
  ) throws -> Int {
    var lines = self.lines
    var generated = 0
    for block in blocks.reversed() {
      guard let body = try expected(block) else { continue }
      generated += 1
      guard block.body != body else { continue }
      if Manual.isUpdating {
        lines.replaceSubrange(
          block.openingLine..<(block.openingLine + block.body.count), with: body)
      } else {
        Issue.record(
          Comment(
            rawValue: "\(relativePath):\(block.openingLine): \(problem(block)) "
              + "(\(Manual.updateHint))"))
      }
    }
    if Manual.isUpdating, lines != self.lines {
      try lines.joined(separator: "\n").write(
        toFile: root + "/" + relativePath, atomically: true, encoding: .utf8)
    }
    return generated
  }
}
