import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with `posix_spawn`, for tests that start many processes.
///
/// Foundation's `Process.run()` on Linux (Swift 6.3) reads past a buffer while it lists
/// `/proc/self/fd` and now and then crashes the whole test process (swift-corelibs-foundation
/// pull request 5472); this does the little the tests need without it.
public enum ChildProcess {
  /// Why a program could not be started.
  public struct SpawnError: Error, CustomStringConvertible {
    /// The `errno` value `posix_spawn` answered.
    public let code: Int32
    /// The program.
    public let executable: String
    /// What went wrong, in words.
    public var description: String {
      "cannot start \(executable): \(String(cString: strerror(code)))"
    }
  }

  /// Runs `executable` with `arguments` and exactly `environment`, in the test's working
  /// directory (a shell script can `cd`), standard input read from the file `inputPath`,
  /// standard output appended to the file `outputPath` and standard error to `errorPath`
  /// (to `outputPath` too when `nil`); kills it after `timeout` seconds. Returns the exit
  /// status, or 128 + the signal that ended it.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    inputPath: String, outputPath: String, errorPath: String? = nil, timeout: Double
  ) async throws -> Int32 {
    let pid = try spawn(
      executable, arguments, environment: environment, inputPath: inputPath,
      outputPath: outputPath, errorPath: errorPath)
    return await withCheckedContinuation { continuation in
      // A thread of its own: `waitpid` blocks, and the cooperative pool must not.
      let waiter = Thread { continuation.resume(returning: wait(for: pid, timeout: timeout)) }
      waiter.start()
    }
  }

  static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String],
    inputPath: String, outputPath: String, errorPath: String?
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_APPEND, 0)
    if let errorPath {
      posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_APPEND, 0)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer { (argv + envp).forEach { free($0) } }
    // A child starts as from a shell: no signal blocked, the usual ones at their defaults.
    // The test runner blocks some in its threads and ignores SIGPIPE, and a child inherits
    // both: a server started by a test would then ignore the SIGTERM that stops it.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let code = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
    guard code == 0 else { throw SpawnError(code: code, executable: executable) }
    return pid
  }
}
