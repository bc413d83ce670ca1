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

/// The signals this thread lets through.
public enum SignalMask {
  /// Lets every signal through to the calling thread.
  ///
  /// Ctrl-C, SIGTERM and the job-control signals must reach the program, or the terminal's
  /// echo could not be restored and a prompt could not be cancelled. A parent may pass
  /// signals blocked (one that starts processes from a worker thread of its own often does),
  /// so `main.swift` clears the inherited mask before any thread starts; threads started
  /// later inherit the cleared mask.
  public static func acceptAllOnThisThread() {
    var none = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, nil)
  }

  /// Whether `signalNumber` is blocked on the calling thread.
  static func isBlockedOnThisThread(_ signalNumber: Int32) -> Bool {
    var current = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &current)
    return sigismember(&current, signalNumber) == 1
  }
}
