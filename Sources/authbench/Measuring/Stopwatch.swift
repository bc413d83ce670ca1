/// Times work on the monotonic clock.
enum Stopwatch {
  /// Seconds taken by `work`, with its result.
  static func time<T>(_ work: () async throws -> T) async rethrows -> (seconds: Double, result: T) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await work()
    return (seconds(start.duration(to: clock.now)), result)
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}

/// Collects values computed from measured work and reports them at the end, so the
/// optimiser can never drop that work as unused.
final class Checksum {
  /// The running total (wrapping).
  private(set) var total: Int64 = 0

  /// Folds a value in.
  func add(_ value: Int64) { total &+= value }
}
