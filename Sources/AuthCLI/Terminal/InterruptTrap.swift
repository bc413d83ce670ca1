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

/// Set by the signal handler, read by the line reader. Atomics are async-signal-safe.
private let interruptRaised = Atomic<Bool>(false)
/// The write end of the wake-up pipe, for the handler; -1 before the first install.
private let wakeUpWriteEnd = Atomic<Int32>(-1)
/// The read end of the wake-up pipe, which the line reader polls beside its input.
private let wakeUpReadEnd = Atomic<Int32>(-1)

/// The signal handler: only async-signal-safe work (atomics and `write`).
private func handleInterrupt(_ signal: Int32) {
  interruptRaised.store(true, ordering: .sequentiallyConsistent)
  let descriptor = wakeUpWriteEnd.load(ordering: .sequentiallyConsistent)
  if descriptor >= 0 {
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }
}

/// Turns Ctrl-C (SIGINT) into an `.interrupted` answer at a prompt instead of killing
/// the process, so the terminal's echo is always restored by the code that turned it off.
///
/// The signal may be delivered to any thread of the process, not necessarily the one
/// blocked in `read`, so the handler also writes a byte to a pipe (the self-pipe trick)
/// that the reader waits on together with its input.
enum InterruptTrap {
  /// Catches SIGINT until `uninstall`.
  static func install() {
    interruptRaised.store(false, ordering: .sequentiallyConsistent)
    makePipeOnce()
    SignalAction.install(handleInterrupt, for: SIGINT)
  }

  /// Gives SIGINT back its default effect (ending the process).
  static func uninstall() {
    signal(SIGINT, SIG_DFL)
  }

  /// Whether Ctrl-C was pressed since the last call; clears the mark and the pipe.
  static func takeInterrupt() -> Bool {
    let descriptor = wakeUpReadEnd.load(ordering: .sequentiallyConsistent)
    if descriptor >= 0 {
      var byte: UInt8 = 0
      while read(descriptor, &byte, 1) > 0 {}
    }
    return interruptRaised.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// The descriptor that becomes readable when Ctrl-C is pressed, or -1 when not installed.
  static var wakeUpDescriptor: Int32 { wakeUpReadEnd.load(ordering: .sequentiallyConsistent) }

  private static func makePipeOnce() {
    guard wakeUpReadEnd.load(ordering: .sequentiallyConsistent) < 0 else { return }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    for descriptor in ends {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    wakeUpWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
    wakeUpReadEnd.store(ends[0], ordering: .sequentiallyConsistent)
  }
}
