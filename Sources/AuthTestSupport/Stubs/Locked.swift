import Foundation

/// A value behind a lock, so that stubs called from any task stay consistent.
///
/// `@unchecked Sendable` is safe here: `value` is private and read or written
/// only inside `withLock`, which holds `lock` for the whole access.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
