#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `read`, `write` and `close` by their C names, for types whose own methods share those
/// names.
enum SystemCall {
  /// One `write(2)`: the bytes written, or -1 with `errno` set.
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    cWrite(descriptor, bytes, count)
  }

  /// One `read(2)`: the bytes read, 0 at the end, or -1 with `errno` set.
  static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    cRead(descriptor, bytes, count)
  }

  /// One `close(2)`: 0, or -1 with `errno` set.
  static func close(_ descriptor: Int32) -> Int32 {
    cClose(descriptor)
  }
}

// Outside the enum nothing of ours is named `write`, `read` or `close`, so these names reach
// the C library's functions on every platform without naming its module.
private let cWrite: @Sendable (Int32, UnsafeRawPointer?, Int) -> Int = write
private let cRead: @Sendable (Int32, UnsafeMutableRawPointer?, Int) -> Int = read
private let cClose: @Sendable (Int32) -> Int32 = close
