import Foundation

/// A `console` block read as a terminal session: commands after `$ `, each followed by
/// the output it prints (standard output and standard error, as a terminal shows them).
struct Transcript: Sendable {
  /// One command and what it prints.
  struct Step: Sendable {
    /// The command line after `$ `, run by `/bin/sh`.
    let command: String
    /// The lines shown after it, up to the next command.
    let output: [String]
    /// The 1-based line of the command in its file.
    let line: Int

    /// The output as one text, each line ended by a newline.
    var expectedText: String { output.map { $0 + "\n" }.joined() }
  }

  /// The commands in order.
  let steps: [Step]

  /// Why a block cannot be read as a transcript.
  struct Malformed: Error, CustomStringConvertible {
    let description: String
  }

  /// Reads `block`; lines before the first `$ ` are refused, since nothing printed them.
  init(_ block: FencedBlock) throws {
    var steps: [Step] = []
    var command: (text: String, line: Int)?
    var output: [String] = []
    for (offset, line) in block.body.enumerated() {
      if line.hasPrefix("$ ") {
        if let command {
          steps.append(Step(command: command.text, output: output, line: command.line))
        }
        command = (String(line.dropFirst(2)), block.openingLine + 1 + offset)
        output = []
      } else if command == nil {
        throw Malformed(description: "the block's first line is not a command (`$ …`): \(line)")
      } else {
        output.append(line)
      }
    }
    if let command { steps.append(Step(command: command.text, output: output, line: command.line)) }
    guard !steps.isEmpty else { throw Malformed(description: "the block has no command") }
    self.steps = steps
  }
}

/// Where the typed lines of a transcript go, and how the output of a run on a pipe
/// becomes what a terminal shows.
///
/// On a terminal a typed line is echoed after its prompt, and a hidden one ends with the
/// newline the program writes itself; on a pipe neither appears. Each typed line is found
/// in the documented output, in order, at the end of a line that starts with its prompt
/// (`Username: `); the same prompts are then found in the output of the run, in the same
/// order, each at the start of a line, and the typed text and a newline are put back
/// after each.
struct TypedLinePlacement: Sendable {
  /// A prompt and what the terminal shows after it.
  struct Answer: Sendable, Equatable {
    /// The text of the line before the typed text, from the line's start (`Choose 1-3: `).
    let prompt: String
    /// What appears after the prompt: the text, or nothing for a hidden line.
    let shown: String
  }

  /// The answers, in the order they are typed.
  let answers: [Answer]

  /// Why a typed line has no place in the output.
  struct Unplaced: Error, CustomStringConvertible {
    let description: String
  }

  /// Finds each typed line's prompt in the documented `output`.
  init(inputs: [TypedLine], documentedOutput output: [String]) throws {
    var answers: [Answer] = []
    var next = 0
    for input in inputs {
      let shown = input.isSecret ? "" : input.text
      guard
        let found = output[next...].indices.first(where: { index in
          let line = output[index]
          guard line.hasSuffix(shown) else { return false }
          return line.dropLast(shown.count).hasSuffix(": ")
        })
      else {
        throw Unplaced(
          description:
            "no line ending in a prompt (\": \") followed by \(input.isSecret ? "nothing (a secret)" : "\"\(shown)\"") "
            + "after the answers before it")
      }
      answers.append(Answer(prompt: String(output[found].dropLast(shown.count)), shown: shown))
      next = found + 1
    }
    self.answers = answers
  }

  /// The standard input that types every line.
  static func standardInput(for inputs: [TypedLine]) -> String {
    inputs.map { $0.text + "\n" }.joined()
  }

  /// `output`, printed on a pipe, as a terminal would have shown it; `nil` when a prompt
  /// is missing from it (the program asked something else).
  func terminalView(ofPipeOutput output: String) -> String? {
    var result = ""
    var rest = Substring(output)
    var atLineStart = true
    for answer in answers {
      guard let range = Self.firstAtLineStart(answer.prompt, in: rest, atLineStart: atLineStart)
      else { return nil }
      result += rest[..<range.upperBound] + answer.shown + "\n"
      rest = rest[range.upperBound...]
      atLineStart = true
    }
    return result + rest
  }

  private static func firstAtLineStart(
    _ prompt: String, in text: Substring, atLineStart: Bool
  ) -> Range<Substring.Index>? {
    var searchFrom = text.startIndex
    while let range = text.range(of: prompt, range: searchFrom..<text.endIndex) {
      let starts =
        range.lowerBound == text.startIndex
        ? atLineStart : text[text.index(before: range.lowerBound)] == "\n"
      if starts { return range }
      searchFrom = text.index(after: range.lowerBound)
    }
    return nil
  }
}

/// What may differ between a documented sample and a fresh run: times, and the version of
/// the PostgreSQL server the machine has.
enum SampleMask {
  /// `text` with every time (`2026-11-29 12:58:02 UTC`, `2026-11-29T12:58:02Z`, with or
  /// without fractions of a second, or to the minute as a listing shows it: `2026-11-29
  /// 12:58`) replaced by `<time>`, and the server version `inspect` prints after
  /// `PostgreSQL:` (`15.20 (Debian 15.20-0+deb12u1)`) by `<version>`.
  static func masked(_ text: String) -> String {
    text.replacing(
      /\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?( UTC|Z)?/, with: "<time>"
    )
    .replacing(/(?m)^(PostgreSQL: +)\d+(\.\d+)*( \(.*\))?$/) { $0.output.1 + "<version>" }
  }
}
