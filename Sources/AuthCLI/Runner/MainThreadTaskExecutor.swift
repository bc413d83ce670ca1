import Dispatch

/// Runs non-isolated async work (use cases, the store) on the main thread, between the
/// main actor's own jobs, instead of on the concurrency runtime's pool.
///
/// A one-shot command awaits each step before taking the next, so the pool's threads add
/// nothing but their start-up and a hand-over between threads at every `await` — most of
/// a short command's time on a busy machine. Jobs go through the main dispatch queue,
/// which `main.swift` drains on the main thread (it runs the main run loop) until exit.
public final class MainThreadTaskExecutor: TaskExecutor {
  /// An executor over the main dispatch queue.
  public init() {}

  /// Queues the job behind whatever the main thread is running now.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.main.async { job.runSynchronously(on: executor) }
  }
}
