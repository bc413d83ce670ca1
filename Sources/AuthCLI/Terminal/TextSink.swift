#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where text goes: standard output, standard error, or a buffer in tests.
public protocol TextSink: AnyObject {
  /// Writes the text as is (no newline added).
  func write(_ text: String)
}

/// Writes straight to a file descriptor, unbuffered, so prompts show before a read.
public final class FileDescriptorSink: TextSink {
  private let descriptor: Int32

  /// Writes to `descriptor` (1 for stdout, 2 for stderr).
  public init(descriptor: Int32) { self.descriptor = descriptor }

  /// Writes every byte, retrying after interruptions.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}

/// Collects text in memory, for previews and tests.
public final class BufferSink: TextSink {
  /// Everything written so far.
  public private(set) var text = ""

  /// An empty buffer.
  public init() {}

  /// Appends the text.
  public func write(_ text: String) { self.text += text }
}
