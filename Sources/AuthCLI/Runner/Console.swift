#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's streams as the commands see them, replaceable in tests.
@MainActor
public final class Console {
  /// Results: tables, JSON, the shell's scenes.
  public let output: TextSink
  /// Messages, prompts of scripted commands, errors.
  public let errors: TextSink
  /// Answers typed or piped in.
  public let input: LineSource
  /// Whether standard input is a terminal (prompts are allowed there).
  public let inputIsTerminal: Bool
  /// Whether standard output is a terminal (colour may be used there).
  public let outputIsTerminal: Bool
  /// Whether standard error is a terminal (colour may be used there).
  public let errorsIsTerminal: Bool
  /// The width of the terminal standard output shows on, asked each time since a window
  /// may be resized; `nil` when it is no terminal.
  public let outputTerminalColumns: @MainActor () -> Int?

  /// Bundles the streams.
  public init(
    output: TextSink, errors: TextSink, input: LineSource, inputIsTerminal: Bool,
    outputIsTerminal: Bool, errorsIsTerminal: Bool,
    outputTerminalColumns: @escaping @MainActor () -> Int? = { nil }
  ) {
    self.outputTerminalColumns = outputTerminalColumns
    self.output = output
    self.errors = errors
    self.input = input
    self.inputIsTerminal = inputIsTerminal
    self.outputIsTerminal = outputIsTerminal
    self.errorsIsTerminal = errorsIsTerminal
  }

  /// The real standard streams; `streams` says which the process started without.
  public static func standard(_ streams: StandardStreams = .allOpen) -> Console {
    let errors = FileDescriptorSink(
      descriptor: STDERR_FILENO, wasClosed: streams.errorsWasClosed)
    return Console(
      output: FileDescriptorSink(descriptor: STDOUT_FILENO, wasClosed: streams.outputWasClosed),
      errors: errors,
      input: StandardInputReader(descriptor: STDIN_FILENO, echo: errors),
      inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      errorsIsTerminal: isatty(STDERR_FILENO) == 1,
      outputTerminalColumns: { TerminalWidth.ofTerminal(STDOUT_FILENO) })
  }
}
