import Foundation
import Synchronization

/// Set by the signal handler, read by the line reader. An atomic is async-signal-safe.
private let interruptRaised = Atomic<Bool>(false)

/// Turns Ctrl-C (SIGINT) into an `.interrupted` answer at a prompt instead of killing
/// the process, so the terminal's echo is always restored by the code that turned it off.
///
/// The handler is installed without `SA_RESTART`, so a blocked `read` returns `EINTR`.
enum InterruptTrap {
  /// Catches SIGINT until `uninstall`.
  static func install() {
    interruptRaised.store(false, ordering: .sequentiallyConsistent)
    var action = sigaction()
    #if os(Linux)
      action.__sigaction_handler.sa_handler = { _ in
        interruptRaised.store(true, ordering: .sequentiallyConsistent)
      }
    #else
      action.__sigaction_u.__sa_handler = { _ in
        interruptRaised.store(true, ordering: .sequentiallyConsistent)
      }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }

  /// Gives SIGINT back its default effect (ending the process).
  static func uninstall() {
    signal(SIGINT, SIG_DFL)
  }

  /// Whether Ctrl-C was pressed since the last call; clears the mark.
  static func takeInterrupt() -> Bool {
    interruptRaised.exchange(false, ordering: .sequentiallyConsistent)
  }
}
