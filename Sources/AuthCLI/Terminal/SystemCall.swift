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
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }

  /// One `read(2)`: the bytes read, 0 at the end, or -1 with `errno` set.
  static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, bytes, count)
    #else
      Darwin.read(descriptor, bytes, count)
    #endif
  }

  /// One `close(2)`: 0, or -1 with `errno` set.
  static func close(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }
}
