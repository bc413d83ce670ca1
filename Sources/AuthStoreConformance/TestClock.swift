import AuthCore
import Foundation
import Synchronization

/// A clock that stands still until a test moves it, so time-based rules are
/// tested without sleeping.
public final class TestClock: WallClock {
  private let current: Mutex<Date>

  /// Starts at a fixed, arbitrary moment unless told otherwise.
  public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
    current = Mutex(start)
  }

  /// The time the test last set.
  public func now() -> Date { current.withLock { $0 } }

  /// Moves time forward (or back, with a negative interval).
  public func advance(by interval: TimeInterval) {
    current.withLock { $0 = $0.addingTimeInterval(interval) }
  }

  /// Jumps to a given time.
  public func set(_ time: Date) {
    current.withLock { $0 = time }
  }
}
