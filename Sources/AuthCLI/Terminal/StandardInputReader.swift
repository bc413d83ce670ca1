import Foundation

/// Reads lines from a file descriptor with `read(2)`, so that Ctrl-C can interrupt a wait
/// (Swift's `readLine()` cannot tell an interruption from the end of input).
public final class StandardInputReader: LineSource {
  private let descriptor: Int32
  private var pending: [UInt8] = []
  private var ended = false
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
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        var line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return .line(String(decoding: line, as: UTF8.self))
      }
      if ended {
        guard !pending.isEmpty else { return .endOfInput }
        // A last line without a newline still counts.
        defer { pending.removeAll() }
        return .line(String(decoding: pending, as: UTF8.self))
      }
      switch fill() {
      case .interrupted: return .interrupted
      case .ok: continue
      }
    }
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
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if waitForInputOrInterrupt() == .interrupted {
        pending.removeAll()
        return .interrupted
      }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        pending += chunk[..<count]
        return .ok
      }
      if count == 0 {
        ended = true
        return .ok
      }
      if errno == EINTR {
        if InterruptTrap.takeInterrupt() {
          pending.removeAll()
          return .interrupted
        }
        continue
      }
      ended = true
      return .ok
    }
  }
}
