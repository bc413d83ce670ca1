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

/// Reads lines from a file descriptor with `read(2)`, so that Ctrl-C can interrupt a wait
/// (Swift's `readLine()` cannot tell an interruption from the end of input).
public final class StandardInputReader: LineSource {
  /// The longest line served, in bytes: a password has at most 256 code points (1 KiB of
  /// UTF-8), a username 32; anything longer is refused as soon as this many bytes arrived
  /// without a line end, before any work on it and without reading the rest into memory.
  public static let lineByteLimit = 4096

  private let descriptor: Int32
  /// Bytes read but not yet returned as lines start at `lineStart`.
  private var pending: [UInt8] = []
  private var lineStart = 0
  /// Where the next search for a newline starts: the bytes between `lineStart` and here
  /// were searched already, so a long line costs one pass, not one pass per chunk.
  private var searchFrom = 0
  private var ended = false
  /// After a line over the limit: the rest of it is skipped, unread into any buffer
  /// beyond one chunk, before the next line is served.
  private var skippingLongLine = false
  /// How many bytes the newline search has looked at, so tests can prove it linear.
  private(set) var bytesSearched = 0
  /// Where a newline is written after a secret is typed, since the terminal did not echo one.
  private let echo: TextSink

  /// Reads `descriptor` (0 for stdin); `echo` receives the newline after hidden input.
  public init(descriptor: Int32 = 0, echo: TextSink) {
    self.descriptor = descriptor
    self.echo = echo
  }

  /// Whether the descriptor is a terminal.
  public var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Shows the prompt and reads one line, stripping only `\n` or `\r\n`; for a `secret`
  /// on a terminal, echo goes off before the prompt is shown and back on after the line.
  public func readLine(secret: Bool, prompt: () -> Void) -> LineRead {
    guard secret, isTerminal else {
      prompt()
      return nextLine()
    }
    let result = EchoSwitch.withEchoOff(descriptor: descriptor) {
      prompt()
      return nextLine()
    }
    echo.write("\n")
    return result
  }

  private func nextLine() -> LineRead {
    if InterruptTrap.takeInterrupt() { return .interrupted }
    while true {
      let unsearched = pending[searchFrom...]
      bytesSearched += unsearched.count
      if let newline = unsearched.firstIndex(of: UInt8(ascii: "\n")) {
        if skippingLongLine {
          skippingLongLine = false
          lineStart = newline + 1
          searchFrom = lineStart
          continue
        }
        var end = newline
        if end > lineStart, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let tooLong = end - lineStart > Self.lineByteLimit
        let line = tooLong ? .tooLong : Self.text(pending[lineStart..<end])
        lineStart = newline + 1
        searchFrom = lineStart
        return line
      }
      searchFrom = pending.count
      if skippingLongLine {
        discardPending()
      } else if pending.count - lineStart > Self.lineByteLimit {
        discardPending()
        skippingLongLine = true
        return .tooLong
      }
      if ended {
        guard lineStart < pending.count else { return .endOfInput }
        // A last line without a newline still counts.
        defer { discardPending() }
        return Self.text(pending[lineStart...])
      }
      switch fill() {
      case .interrupted: return .interrupted
      case .ok: continue
      }
    }
  }

  private static func text(_ bytes: ArraySlice<UInt8>) -> LineRead {
    String(validating: bytes, as: UTF8.self).map(LineRead.line) ?? .notText
  }

  private func discardPending() {
    pending.removeAll()
    lineStart = 0
    searchFrom = 0
  }

  /// Drops the lines already returned, before more bytes are appended; only the
  /// unfinished line moves, and only once, since `lineStart` is 0 afterwards.
  private func compact() {
    guard lineStart > 0 else { return }
    pending.removeSubrange(..<lineStart)
    searchFrom -= lineStart
    lineStart = 0
  }

  private enum Fill { case ok, interrupted }

  /// Blocks until the input has data (or ended) or Ctrl-C was pressed, whichever thread
  /// the signal reached.
  private func waitForInputOrInterrupt() -> Fill {
    let wakeUp = InterruptTrap.wakeUpDescriptor
    guard wakeUp >= 0 else { return .ok }
    var watched = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&watched, nfds_t(watched.count), -1)
      if ready < 0, errno == EINTR {
        if InterruptTrap.takeInterrupt() { return .interrupted }
        continue
      }
      if watched[1].revents != 0, InterruptTrap.takeInterrupt() { return .interrupted }
      return .ok
    }
  }

  private func fill() -> Fill {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      if waitForInputOrInterrupt() == .interrupted {
        discardPending()
        return .interrupted
      }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        compact()
        pending += chunk[..<count]
        return .ok
      }
      if count == 0 {
        ended = true
        return .ok
      }
      if errno == EINTR {
        if InterruptTrap.takeInterrupt() {
          discardPending()
          return .interrupted
        }
        continue
      }
      ended = true
      return .ok
    }
  }
}
