#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A job run on a thread of its own, beside the work of the thread that starts it.
///
/// A POSIX thread rather than a task or a dispatch queue: the job must start at once, and
/// the pools of both are as wide as the processors, so a job sent there could wait behind
/// other sign-ins' hashing and end late.
enum SideThread {
  /// Runs `side` on a new thread while `body` runs on this one, and returns `body`'s
  /// result once both have ended; `nil` without running either when no thread could be
  /// started.
  static func run<Result>(
    _ side: @escaping @Sendable () -> Void, while body: () -> Result
  ) -> Result? {
    let job = Unmanaged.passRetained(Job(side)).toOpaque()
    guard let thread = start(job) else {
      Unmanaged<Job>.fromOpaque(job).release()
      return nil
    }
    let result = body()
    pthread_join(thread, nil)
    return result
  }

  /// The side job, kept alive across the thread's start.
  private final class Job {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
  }

  #if canImport(Darwin)
    private static func start(_ job: UnsafeMutableRawPointer) -> pthread_t? {
      var thread: pthread_t?
      let status = pthread_create(
        &thread, nil,
        { raw in
          Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().work()
          return nil
        }, job)
      return status == 0 ? thread : nil
    }
  #else
    private static func start(_ job: UnsafeMutableRawPointer) -> pthread_t? {
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          if let raw { Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().work() }
          return nil
        }, job)
      return status == 0 ? thread : nil
    }
  #endif
}
