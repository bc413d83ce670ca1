#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many columns a line of output may use: the terminal's own width, then `COLUMNS`.
enum TerminalWidth {
  /// The width of the terminal on `descriptor` (TIOCGWINSZ), or `nil` when it is no
  /// terminal or reports no size (a serial line may answer 0).
  static func ofTerminal(_ descriptor: Int32) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// `COLUMNS` when it is a positive whole number, as shells set it for their children.
  static func fromEnvironment(_ environment: ProcessEnvironment) -> Int? {
    guard let text = environment[.columns], let columns = Int(text), columns > 0 else {
      return nil
    }
    return columns
  }
}
