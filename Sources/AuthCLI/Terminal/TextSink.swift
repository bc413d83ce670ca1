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
  /// Ends the output and answers the first error writing it met (an `errno` value), if
  /// any: text that did not arrive, so a command that wrote it did not succeed.
  func finish() -> Int32?
}

extension TextSink {
  /// Nothing can fail: the text is kept in memory.
  public func finish() -> Int32? { nil }
}

/// Writes straight to a file descriptor, unbuffered, so prompts show before a read.
public final class FileDescriptorSink: TextSink {
  private let descriptor: Int32
  /// The process started with this descriptor closed (it now holds `/dev/null`, see
  /// `StandardStreams`): whatever is written is lost.
  private let wasClosed: Bool
  /// The first failed write's `errno`; later text is dropped, as it could not follow.
  private var failure: Int32?

  /// Writes to `descriptor` (1 for stdout, 2 for stderr); `wasClosed` when the process
  /// started without it.
  public init(descriptor: Int32, wasClosed: Bool = false) {
    self.descriptor = descriptor
    self.wasClosed = wasClosed
  }

  /// Writes every byte, retrying after interruptions and waiting while a non-blocking
  /// descriptor is full; a failure is kept for `finish`.
  public func write(_ text: String) {
    guard failure == nil, !text.isEmpty else { return }
    if wasClosed {
      failure = EBADF
      return
    }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        let reason = errno
        if reason == EINTR { continue }
        if reason == EAGAIN || reason == EWOULDBLOCK {
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        failure = reason
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// The first write error, or the one closing reports: closing a duplicate of the
  /// descriptor runs the file system's flush (where NFS, for one, reports a write that
  /// failed late) and leaves the descriptor itself open.
  public func finish() -> Int32? {
    if let failure { return failure }
    guard !wasClosed else { return nil }
    let copy = dup(descriptor)
    guard copy >= 0 else { return nil }
    if close(copy) != 0, errno != EINTR { failure = errno }
    return failure
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
