import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One started `authcli` process: it can be killed at any moment and awaited once.
///
/// Standard input, output and error are files, not pipes, so a process that writes a lot
/// never blocks on a reader, and input that ends early is a real end of file.
final class RunningProcess: Sendable {
  /// The process id.
  let pid: Int32
  private let ended: AsyncStream<(status: Int32, signalled: Bool)>
  private let state = Mutex(State())
  private let outputPath: String
  private let errorsPath: String

  private struct State {
    var finished = false
    var killedForTime = false
  }

  /// Starts `executable` with `arguments`, `environment`, and the bytes at `inputPath` as stdin.
  init(
    executable: String, arguments: [String], environment: [String: String], inputPath: String,
    outputPath: String, errorsPath: String, directory: String
  ) throws {
    for path in [outputPath, errorsPath] {
      guard FileManager.default.createFile(atPath: path, contents: nil) else {
        throw HarnessError("cannot create \(path)")
      }
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
    let (stream, continuation) = AsyncStream<(status: Int32, signalled: Bool)>.makeStream()
    process.terminationHandler = { finished in
      continuation.yield(
        (finished.terminationStatus, finished.terminationReason == .uncaughtSignal))
      continuation.finish()
    }
    try process.run()
    pid = process.processIdentifier
    ended = stream
    self.outputPath = outputPath
    self.errorsPath = errorsPath
  }

  /// Sends SIGKILL unless the process has already ended.
  func kill() {
    state.withLock { state in
      if !state.finished { sendKill(pid) }
    }
  }

  /// Waits for the end (killing the process after `limit`) and collects its output.
  func wait(limit: Duration) async throws -> RunResult {
    let watchdog = Task { [weak self] in
      try await Task.sleep(for: limit)
      guard let self else { return }
      self.state.withLock { state in
        if !state.finished {
          state.killedForTime = true
          sendKill(self.pid)
        }
      }
    }
    var outcome: (status: Int32, signalled: Bool) = (-1, true)
    for await ending in ended { outcome = ending }
    let timedOut = state.withLock { state in
      state.finished = true
      return state.killedForTime
    }
    watchdog.cancel()
    return RunResult(
      status: outcome.status, signalled: outcome.signalled, timedOut: timedOut,
      output: try Data(contentsOf: URL(fileURLWithPath: outputPath)),
      errors: try Data(contentsOf: URL(fileURLWithPath: errorsPath)))
  }
}

/// SIGKILL to `pid`. Foundation reaps the child just before reporting its end, so a
/// kill racing with that report could in theory reach a recycled pid; the window is a few
/// instructions long and pids are not reused that fast on a quiet test machine.
private func sendKill(_ pid: Int32) {
  _ = kill(pid, SIGKILL)
}

/// A failure of the harness itself, not of authcli.
struct HarnessError: Error, CustomStringConvertible {
  /// What went wrong.
  let description: String
  /// Describes the failure.
  init(_ description: String) { self.description = description }
}
