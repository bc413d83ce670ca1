/// One answer read from the user.
public enum LineRead: Hashable, Sendable {
  /// A line, without its line ending.
  case line(String)
  /// Input ended (Ctrl-D on a terminal, end of a pipe).
  case endOfInput
  /// Ctrl-C while waiting.
  case interrupted
  /// A line whose bytes are not UTF-8. It is refused rather than repaired: repairing
  /// turns every invalid byte into U+FFFD, so different byte strings (random key bytes
  /// piped in as a password) would become one and the same password.
  case notText
  /// A line longer than the reader's limit (`StandardInputReader.lineByteLimit`), refused
  /// as soon as the limit was passed; the rest of it is skipped, not stored.
  case tooLong
}

/// Where lines come from: standard input, or a script in tests.
public protocol LineSource: AnyObject {
  /// Shows the prompt through `prompt`, then reads one line; `secret` turns echo off on a
  /// terminal before the prompt appears, so nothing typed after it can be echoed.
  func readLine(secret: Bool, prompt: () -> Void) -> LineRead
}

extension LineSource {
  /// Reads one line without a prompt.
  public func readLine(secret: Bool) -> LineRead { readLine(secret: secret, prompt: {}) }
}

/// Serves prepared answers, for previews and tests; then reports the end of input.
public final class ScriptedLineSource: LineSource {
  private var answers: [LineRead]

  /// Answers in order.
  public init(_ answers: [LineRead]) { self.answers = answers }

  /// Answers the given lines in order.
  public convenience init(lines: [String]) { self.init(lines.map(LineRead.line)) }

  /// Shows the prompt, then gives the next answer, or the end of input.
  public func readLine(secret: Bool, prompt: () -> Void) -> LineRead {
    prompt()
    return answers.isEmpty ? .endOfInput : answers.removeFirst()
  }
}
