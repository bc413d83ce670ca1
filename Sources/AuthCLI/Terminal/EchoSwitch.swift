import Foundation
import Synchronization

// The settings a fatal signal handler puts back. Written only while `echoRestoreDescriptor`
// is -1 (no handler reads it then) and read by the handler only after the descriptor was
// published with sequentially consistent ordering, so reads never overlap a write.
nonisolated(unsafe) private var settingsToRestore = termios()
/// The terminal whose echo is off, or -1; published after `settingsToRestore` is written.
private let echoRestoreDescriptor = Atomic<Int32>(-1)

/// For signals that end the process (SIGTERM, SIGHUP, SIGQUIT) while echo is off: put the
/// terminal back, then die of the same signal. Only async-signal-safe calls.
private func restoreTerminalAndDie(_ signalNumber: Int32) {
  let descriptor = echoRestoreDescriptor.load(ordering: .sequentiallyConsistent)
  if descriptor >= 0 { tcsetattr(descriptor, TCSANOW, &settingsToRestore) }
  signal(signalNumber, SIG_DFL)
  raise(signalNumber)
}

/// Turns a terminal's echo off around a password read and always back on.
enum EchoSwitch {
  private static let fatalSignals = [SIGTERM, SIGHUP, SIGQUIT]

  /// Runs `body` with echo off on `descriptor` when it is a terminal; restores the saved
  /// settings on every path out: return, end of input, Ctrl-C (via `InterruptTrap`), and
  /// the signals that end the process.
  static func withEchoOff<T>(descriptor: Int32, _ body: () -> T) -> T {
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else { return body() }
    settingsToRestore = saved
    echoRestoreDescriptor.store(descriptor, ordering: .sequentiallyConsistent)
    let previous = fatalSignals.map { installRestoringHandler(for: $0) }
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO | ECHONL)
    // Keep line editing (ICANON) so backspace works; only the echo goes.
    tcsetattr(descriptor, TCSAFLUSH, &silent)
    defer {
      tcsetattr(descriptor, TCSAFLUSH, &saved)
      for (signalNumber, action) in zip(fatalSignals, previous) {
        var action = action
        sigaction(signalNumber, &action, nil)
      }
      echoRestoreDescriptor.store(-1, ordering: .sequentiallyConsistent)
    }
    return body()
  }

  private static func installRestoringHandler(for signalNumber: Int32) -> sigaction {
    var action = sigaction()
    #if os(Linux)
      action.__sigaction_handler.sa_handler = restoreTerminalAndDie
    #else
      action.__sigaction_u.__sa_handler = restoreTerminalAndDie
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var previous = sigaction()
    sigaction(signalNumber, &action, &previous)
    return previous
  }
}
