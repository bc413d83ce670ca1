#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which of the standard descriptors (0, 1, 2) the process was started without.
///
/// A closed one is a free number, and the next file opened takes it: the self-pipe that
/// catches Ctrl-C became standard input (so a read waited on that pipe for ever), and a
/// database opened as 1 or 2 would receive output and error messages. So, as sudo and
/// OpenSSH do, every closed one is opened on `/dev/null` before anything else runs. Input
/// then simply ends. Output is another matter: text written to a closed standard output is
/// lost, and coreutils reports that as a write error rather than succeed silently; the
/// placeholder only holds the number, and the console treats standard output as closed.
public struct StandardStreams: Hashable, Sendable {
  /// Whether standard input was closed.
  public let inputWasClosed: Bool
  /// Whether standard output was closed.
  public let outputWasClosed: Bool
  /// Whether standard error was closed.
  public let errorsWasClosed: Bool

  /// All three open, as in any ordinary start.
  public static let allOpen = StandardStreams(
    inputWasClosed: false, outputWasClosed: false, errorsWasClosed: false)

  /// Describes which were closed.
  public init(inputWasClosed: Bool, outputWasClosed: Bool, errorsWasClosed: Bool) {
    self.inputWasClosed = inputWasClosed
    self.outputWasClosed = outputWasClosed
    self.errorsWasClosed = errorsWasClosed
  }

  /// Opens `/dev/null` on each closed standard descriptor and says which were closed;
  /// `nil` when `/dev/null` cannot be opened, and the process must not go on. Call it first
  /// in `main`, before any file or pipe is opened.
  public static func openMissing() -> StandardStreams? {
    var closed = [false, false, false]
    // Counted by hand: a range here is the first generic type the process resolves by name,
    // and its requirements send the runtime through every library's conformance records
    // (docs/performance.md, "Start-up").
    var descriptor: Int32 = 0
    while descriptor <= 2 {
      defer { descriptor += 1 }
      guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
      closed[Int(descriptor)] = true
      // The lowest free number is this one: the ones below are open by now.
      let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      guard opened >= 0 else { return nil }
      if opened != descriptor {
        guard dup2(opened, descriptor) == descriptor else { return nil }
        close(opened)
      }
    }
    return StandardStreams(
      inputWasClosed: closed[0], outputWasClosed: closed[1], errorsWasClosed: closed[2])
  }
}
