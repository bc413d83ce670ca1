import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The settings a signal handler puts back, and the ones with echo off that a stopped and
// continued process hides input with again. Written only while `echoRestoreDescriptor`
// is -1 (no handler reads them then) and read by the handlers only after the descriptor
// was published with sequentially consistent ordering, so reads never overlap a write.
nonisolated(unsafe) private var settingsToRestore = termios()
nonisolated(unsafe) private var settingsWhileHidden = termios()
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

/// For the signals that stop the process (Ctrl-Z, or reading or setting the terminal from
/// the background) while echo is off: put the terminal back, stop, and once continued hide
/// the input again. Without this, a shell that does not reset the terminal itself (dash)
/// is left without echo. Installed with SA_NODEFER, so the default action of the re-raised
/// signal stops the process at once. Only async-signal-safe calls.
private func restoreTerminalAndStop(_ signalNumber: Int32) {
  let descriptor = echoRestoreDescriptor.load(ordering: .sequentiallyConsistent)
  setTerminal(descriptor, &settingsToRestore)
  var handler = SignalAction.install(SIG_DFL, for: signalNumber)
  raise(signalNumber)
  // Continued (in the foreground or not): this handler again, and echo off again.
  sigaction(signalNumber, &handler, nil)
  setTerminal(descriptor, &settingsWhileHidden)
}

/// Sets the terminal's settings with SIGTTOU blocked, so that a process in the background
/// is not stopped for it (POSIX lets a blocked SIGTTOU process change the settings).
private func setTerminal(_ descriptor: Int32, _ settings: UnsafePointer<termios>) {
  guard descriptor >= 0 else { return }
  var blocked = sigset_t()
  var previous = sigset_t()
  sigemptyset(&blocked)
  sigaddset(&blocked, SIGTTOU)
  pthread_sigmask(SIG_BLOCK, &blocked, &previous)
  tcsetattr(descriptor, TCSANOW, settings)
  pthread_sigmask(SIG_SETMASK, &previous, nil)
}

/// Turns a terminal's echo off around a password read and always back on.
enum EchoSwitch {
  private static let fatalSignals = [SIGTERM, SIGHUP, SIGQUIT]
  private static let stopSignals = [SIGTSTP, SIGTTIN, SIGTTOU]

  /// Runs `body` with echo off on `descriptor` when it is a terminal; restores the saved
  /// settings on every path out: return, end of input, Ctrl-C (via `InterruptTrap`), and
  /// the signals that end the process.
  static func withEchoOff<T>(descriptor: Int32, _ body: () -> T) -> T {
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else { return body() }
    var silent = saved
    silent.c_lflag &= ~tcflag_t(ECHO | ECHONL)
    settingsToRestore = saved
    settingsWhileHidden = silent
    echoRestoreDescriptor.store(descriptor, ordering: .sequentiallyConsistent)
    let previous =
      fatalSignals.map { SignalAction.install(restoreTerminalAndDie, for: $0) }
      + stopSignals.map {
        SignalAction.install(restoreTerminalAndStop, for: $0, flags: SA_NODEFER)
      }
    // Keep line editing (ICANON) so backspace works; only the echo goes.
    tcsetattr(descriptor, TCSAFLUSH, &silent)
    defer {
      tcsetattr(descriptor, TCSAFLUSH, &saved)
      for (signalNumber, action) in zip(fatalSignals + stopSignals, previous) {
        var action = action
        sigaction(signalNumber, &action, nil)
      }
      echoRestoreDescriptor.store(-1, ordering: .sequentiallyConsistent)
    }
    return body()
  }
}
