import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// What a program printed and how it ended.
  public struct Captured: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    public let status: Int32
    /// Its standard output.
    public let output: String
    /// Its standard error.
    public let errors: String
  }

  /// Runs `executable` (a full path; `/usr/bin/env` looks a name up in `PATH`) with
  /// `arguments`, `input` on standard input and this process's environment unless
  /// `environment` is given, and answers what it printed; kills it after `timeout` seconds.
  /// Blocks the calling thread until the program ends, for code that cannot await (a
  /// static property deciding whether a suite runs); `run` waits on a thread of its own.
  ///
  /// The three streams go through files, so that no pipe can fill while another is read.
  public static func capture(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String = "", timeout: Double = 120
  ) throws -> Captured {
    let files = try StreamFiles(input: input)
    defer { files.remove() }
    let pid = try spawn(
      executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
      inputPath: files.input, outputPath: files.output, errorPath: files.errors)
    let status = wait(for: pid, timeout: timeout)
    return Captured(
      status: status, output: files.read(files.output), errors: files.read(files.errors))
  }

  /// `capture` for async code: the wait is on a thread of its own, never on the
  /// cooperative pool.
  public static func captured(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: String = "", timeout: Double = 120
  ) async throws -> Captured {
    let files = try StreamFiles(input: input)
    defer { files.remove() }
    let status = try await run(
      executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
      inputPath: files.input, outputPath: files.output, errorPath: files.errors,
      timeout: timeout)
    return Captured(
      status: status, output: files.read(files.output), errors: files.read(files.errors))
  }

  /// Waits for `pid` on the calling thread, killing it after `timeout` seconds; answers
  /// the exit status, or 128 + the signal that ended it.
  static func wait(for pid: pid_t, timeout: Double) -> Int32 {
    // Set once the child is reaped, so the timeout never signals a reused process id.
    let reaped = Mutex(false)
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
      reaped.withLock { done in if !done { _ = kill(pid, SIGKILL) } }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    reaped.withLock { $0 = true }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Three fresh files in the temporary folder: standard input holding `input`, and empty
  /// ones for the output and errors.
  private struct StreamFiles {
    let input: String
    let output: String
    let errors: String

    init(input text: String) throws {
      let base = FileManager.default.temporaryDirectory.path + "/child-\(UUID().uuidString)"
      input = base + ".in"
      output = base + ".out"
      errors = base + ".err"
      for (path, contents) in [(input, text), (output, ""), (errors, "")] {
        guard FileManager.default.createFile(atPath: path, contents: Data(contents.utf8)) else {
          throw SpawnError(code: errno, executable: path)
        }
      }
    }

    func read(_ path: String) -> String {
      String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    func remove() {
      for path in [input, output, errors] { try? FileManager.default.removeItem(atPath: path) }
    }
  }
}
