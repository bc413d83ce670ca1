import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One started `authcli` process: it can be killed at any moment and awaited once.
///
/// Started with `posix_spawn` rather than Foundation's `Process`, whose `run()` crashed
/// when called from several threads at once, and because arguments here may be bytes that
/// are not UTF-8. Standard input, output and error are files, not pipes, so a process that
/// writes a lot never blocks on a reader, and input that ends early is a real end of file.
final class RunningProcess: Sendable {
  /// The process id.
  let pid: pid_t
  private let ended: AsyncStream<(status: Int32, peakKiB: Int)>
  private let state = SharedState()
  private let outputPath: String
  private let errorsPath: String

  private struct State {
    /// Set once the process has exited and before it is reaped, so a kill can never reach
    /// a recycled pid.
    var exited = false
    var killedForTime = false
  }

  /// The state behind a reference, so the reaping thread and the watchdog share it.
  private final class SharedState: Sendable {
    let mutex = Mutex(State())
    func withLock<T>(_ body: (inout State) -> T) -> T { mutex.withLock { body(&$0) } }
  }

  /// Starts `command` (the executable's path first) in `directory` with `environment`, and
  /// the file at `inputPath` as stdin; stdout and stderr go to new files at the given paths.
  init(
    command: [[UInt8]], directory: String, environment: [String: String], inputPath: String,
    outputPath: String, errorsPath: String
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The test runner's threads block some signals; the child starts with none blocked
    // and every signal at its default, as from a shell.
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    // Relative paths among generated arguments must land in the workspace, nowhere else;
    // the shell changes into it and then becomes the command (same pid, same signals).
    let changeDirectory = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory]
    let argv = (changeDirectory.map { Array($0.utf8) } + command).map(Self.cString)
    let envp = environment.map { Self.cString(Array("\($0.key)=\($0.value)".utf8)) }
    defer { (argv + envp).forEach { free($0) } }
    guard !command.isEmpty, let executable = argv.first ?? nil else {
      throw HarnessError("no command to run")
    }
    var spawned: pid_t = 0
    let code = posix_spawn(&spawned, executable, &actions, &attributes, argv + [nil], envp + [nil])
    guard code == 0 else { throw HarnessError("posix_spawn failed with error \(code)") }
    let child = spawned
    pid = child
    self.outputPath = outputPath
    self.errorsPath = errorsPath
    let (stream, continuation) = AsyncStream<(status: Int32, peakKiB: Int)>.makeStream()
    ended = stream
    let state = state
    // A blocking wait on a thread of its own, so that many processes can be awaited at once
    // without holding the cooperative pool's few threads.
    Thread.detachNewThread {
      var info = siginfo_t()
      _ = waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT)
      state.withLock { $0.exited = true }
      var status: Int32 = 0
      var usage = rusage()
      while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
      continuation.yield((status, Int(usage.ru_maxrss)))
      continuation.finish()
    }
  }

  /// Sends SIGKILL unless the process has already ended.
  func kill() {
    state.withLock { state in
      if !state.exited { sendKill(pid) }
    }
  }

  /// Waits for the end (killing the process after `limit`) and collects its output.
  func wait(limit: Duration) async throws -> RunResult {
    let pid = pid
    let state = state
    let watchdog = Task {
      try await Task.sleep(for: limit)
      state.withLock { state in
        if !state.exited {
          state.killedForTime = true
          sendKill(pid)
        }
      }
    }
    var status: Int32 = -1
    var peakKiB = 0
    for await ending in ended { (status, peakKiB) = ending }
    watchdog.cancel()
    let signal = status & 0x7f
    return RunResult(
      status: signal == 0 ? (status >> 8) & 0xff : signal, signalled: signal != 0,
      timedOut: state.withLock { $0.killedForTime },
      output: try Data(contentsOf: URL(fileURLWithPath: outputPath)),
      errors: try Data(contentsOf: URL(fileURLWithPath: errorsPath)), peakMemoryKiB: peakKiB)
  }

  private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
    return pointer
  }
}

/// SIGKILL to `pid` (only called while the process is known not to be reaped).
private func sendKill(_ pid: pid_t) {
  _ = kill(pid, SIGKILL)
}

/// A failure of the harness itself, not of authcli.
struct HarnessError: Error, CustomStringConvertible {
  /// What went wrong.
  let description: String
  /// Describes the failure.
  init(_ description: String) { self.description = description }
}
