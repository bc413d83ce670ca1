import Foundation

/// Turns a terminal's echo off around a password read and always back on.
enum EchoSwitch {
  /// Runs `body` with echo off on `descriptor` when it is a terminal; restores the
  /// saved settings on every path out (return, end of input, Ctrl-C via `InterruptTrap`).
  static func withEchoOff<T>(descriptor: Int32, _ body: () -> T) -> T {
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else { return body() }
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO | ECHONL)
    // Keep line editing (ICANON) so backspace works; only the echo goes.
    tcsetattr(descriptor, TCSAFLUSH, &silent)
    defer { tcsetattr(descriptor, TCSAFLUSH, &saved) }
    return body()
  }
}
