import Foundation
import Testing

@testable import AuthCLI

@Suite("Signal mask")
struct SignalMaskTests {
  @Test func aMaskInheritedFromTheParentIsCleared() async {
    // On a thread of its own, so the test process's mask is left alone.
    let (blockedBefore, blockedAfter) = await withCheckedContinuation { continuation in
      let thread = Thread {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let before = SignalMask.isBlockedOnThisThread(SIGINT)
        SignalMask.acceptAllOnThisThread()
        let after =
          SignalMask.isBlockedOnThisThread(SIGINT)
          || SignalMask.isBlockedOnThisThread(SIGTERM)
        continuation.resume(returning: (before, after))
      }
      thread.start()
    }
    #expect(blockedBefore)
    #expect(!blockedAfter)
  }
}
