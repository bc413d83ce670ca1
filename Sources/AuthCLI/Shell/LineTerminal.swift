#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The shell's conversation with the user, one line at a time.
///
/// `quit` and `exit` (at any prompt that is not a password) and the end of input mean
/// "leave the shell": the terminal remembers it so that every scene still open steps
/// away at once. Ctrl-C means "cancel this form".
@MainActor
final class LineTerminal {
  /// What the user answered.
  enum Answer: Equatable {
    /// A line of text.
    case text(String)
    /// Ctrl-C: back to the menu.
    case cancelled
    /// `quit`, `exit`, or the end of input: leave the shell.
    case leave
  }

  private let input: LineSource
  private let output: TextSink
  /// Colour for messages, and the width tables fit in, asked each time from `columns`
  /// when given, since a terminal window may be resized while the shell runs.
  var style: Style {
    guard let columns else { return fixedStyle }
    return Style(isEnabled: fixedStyle.isEnabled, columns: columns())
  }
  private let fixedStyle: Style
  private let columns: (() -> Int?)?
  /// Whether typed answers are written back (for transcripts read from a script, as
  /// in previews); passwords never are.
  private let writesAnswers: Bool
  /// Whether `quit` and `exit` leave (the shell) or are answers like any other (the
  /// prompts of a single command, where they may be a name).
  private let leaveWords: Bool
  /// Line editing and history for answers that are not secret, on a terminal.
  private let editor: LineEditor?
  /// Whether the user asked to leave; scenes shown after that dismiss themselves at once.
  private(set) var isLeaving = false

  /// A terminal over the given input and output; `editor` reads the answers that are not
  /// secret, when given; `columns`, when given, tells the width at each use.
  init(
    input: LineSource, output: TextSink, style: Style, writesAnswers: Bool = false,
    leaveWords: Bool = true, editor: LineEditor? = nil, columns: (() -> Int?)? = nil
  ) {
    self.input = input
    self.output = output
    self.fixedStyle = style
    self.columns = columns
    self.writesAnswers = writesAnswers
    self.leaveWords = leaveWords
    self.editor = editor
  }

  /// A refused answer's message, set under its prompt: the shell's forms, the prompts of
  /// single commands and unreadable lines all show one so.
  static func refusal(_ message: String) -> String { "  ! " + message }

  /// Shows `prompt` and reads one answer; echo is off for a `secret`, and `keeping` says
  /// how an answer that is not joins the history.
  func ask(
    _ prompt: String, secret: Bool = false, keeping: LineEditor.Keeping = .now
  ) -> Answer {
    var read = readLine(prompt, secret: secret, keeping: keeping)
    while read == .notText || read == .tooLong {
      output.write(
        Self.refusal(read == .tooLong ? Self.tooLongMessage : Self.notTextMessage) + "\n")
      read = readLine(prompt, secret: secret, keeping: keeping)
    }
    switch read {
    case .line(let text):
      if writesAnswers { output.write((secret ? "" : text) + "\n") }
      let word = text.trimmingSpaces.lowercased()
      if !secret, leaveWords, word == "quit" || word == "exit" {
        isLeaving = true
        return .leave
      }
      return .text(text)
    case .endOfInput:
      output.write("\n")
      isLeaving = true
      return .leave
    case .interrupted:
      output.write("\n")
      return .cancelled
    case .notText, .tooLong:
      return .cancelled  // Not reached: the loop above asks again.
    }
  }

  /// A secret never goes through the editor, so it is neither shown nor kept in its history.
  private func readLine(_ prompt: String, secret: Bool, keeping: LineEditor.Keeping) -> LineRead {
    if !secret, let editor { return editor.readLine(prompt: prompt, keeping: keeping) }
    let output = output
    return input.readLine(secret: secret, prompt: { output.write(prompt) })
  }

  /// Said when a line is longer than the input limit; the question is asked again.
  static let tooLongMessage =
    "That line is longer than \(StandardInputReader.lineByteLimit) bytes; type a shorter one."

  /// Said when a line's bytes are not UTF-8; the question is asked again.
  static let notTextMessage = "That line is not UTF-8 text; type it again."

  /// Writes a line (or, with an empty terminator, text that already ends its lines).
  func say(_ text: String, terminator: String = "\n") {
    output.write(text + terminator)
  }
}
