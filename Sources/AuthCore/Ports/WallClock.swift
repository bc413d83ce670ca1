#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The current time, as a port so tests move time instead of sleeping.
/// (Named so as not to shadow the standard library's `Clock`.)
public protocol WallClock: Sendable {
  /// Now.
  func now() -> Date
}

/// The system's clock.
public struct SystemClock: WallClock {
  /// Creates the system clock.
  public init() {}
  /// Now, from the system.
  public func now() -> Date { Date() }
}
