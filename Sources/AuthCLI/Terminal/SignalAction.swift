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

/// Installs signal handlers through `sigaction`, in the one place that knows where each
/// platform keeps the handler inside that struct. Async-signal-safe (a struct on the stack
/// and C calls), so handlers may call it too.
enum SignalAction {
  /// Installs `handler` (or `SIG_DFL`) for `signalNumber` with `flags` and no extra blocked
  /// signals; returns the action it replaced, to put back later.
  @discardableResult
  static func install(
    _ handler: (@convention(c) (Int32) -> Void)?, for signalNumber: Int32, flags: Int32 = 0
  ) -> sigaction {
    var action = sigaction()
    #if os(Linux)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    var previous = sigaction()
    sigaction(signalNumber, &action, &previous)
    return previous
  }
}
