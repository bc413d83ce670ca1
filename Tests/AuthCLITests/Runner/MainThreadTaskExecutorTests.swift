import Dispatch
import Testing

@testable import AuthCLI

private let queueMark = DispatchSpecificKey<String>()

/// Non-isolated, so without a preference it runs on the runtime's pool.
private func queueOfCaller() async -> String? {
  await Task.yield()
  return DispatchQueue.getSpecific(key: queueMark)
}

@Suite("Main-thread task executor")
struct MainThreadTaskExecutorTests {
  @Test func nonIsolatedWorkRunsOnTheMainQueueOnlyWhenPreferred() async {
    DispatchQueue.main.setSpecific(key: queueMark, value: "main")
    let preferred = await withTaskExecutorPreference(MainThreadTaskExecutor()) {
      await queueOfCaller()
    }
    let pooled = await queueOfCaller()
    #expect(preferred == "main")
    #expect(pooled == nil)
  }
}
