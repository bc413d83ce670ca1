import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

#if os(Linux)
  /// Start-up does not grow with the product: the page faults of `authcli --version` and of
  /// `authcli whoami` on a file database stay within a budget of those of two baselines run
  /// beside them, a one-line Swift program built as the tested binary is (debug, the Swift
  /// runtime shared) and the `sqlite3` shell running the same session lookup.
  ///
  /// Page faults, not time: a process's start-up time on a virtual machine follows the pages
  /// it touches (docs/performance.md), and the count is stable to a few faults on a busy
  /// machine where times are not. Each count is the median of five runs (`wait4`'s
  /// `ru_minflt`). A budget is raised only on purpose: docs/performance.md says how.
  @Suite(.serialized) struct StartupBudgetTests {
    /// The most minor page faults `authcli --version` may take per fault of the one-line
    /// Swift program.
    static let versionBudget = 1.62
    /// The most minor page faults `authcli whoami` may take per fault of the `sqlite3` shell
    /// running the same lookup.
    static let whoamiBudget = 4.47

    @Test func versionStaysWithinItsBudget() throws {
      let scratch = try Scratch()
      let floor = try scratch.oneLineSwiftProgram()
      let authcli = try Self.medianFaults(AuthCLIBinary.path, ["--version"], scratch.environment)
      let baseline = try Self.medianFaults(floor, [], scratch.environment)
      let ratio = Double(authcli) / Double(baseline)
      #expect(
        ratio <= Self.versionBudget,
        """
        authcli --version took \(authcli) page faults, the one-line Swift program \(baseline): \
        \(ratio) per fault, over the budget of \(Self.versionBudget)
        """)
    }

    @Test func whoamiStaysWithinItsBudget() throws {
      let scratch = try Scratch()
      let database = scratch.root + "/auth.sqlite3"
      let signup = try ChildProcess.capture(
        AuthCLIBinary.path,
        ["--db", database, "signup", "--username", "budgetuser", "--password-stdin"],
        environment: scratch.environment,
        input: "budget check password\nbudget check password\n")
      try #require(signup.status == 0, "signup failed: \(signup.errors)")
      let token = try ChildProcess.capture(
        "/usr/bin/env",
        ["sqlite3", database, "SELECT hex(token_hash) FROM sessions ORDER BY id DESC LIMIT 1"],
        environment: scratch.environment)
      let tokenHash = token.output.trimmingCharacters(in: .whitespacesAndNewlines)
      try #require(token.status == 0 && tokenHash.count == 64, "no session: \(token.errors)")
      // The statement whoami runs (docs/performance.md, script/latency's L1).
      let lookup = """
        SELECT s.id, s.created_at, s.last_used_at, s.expires_at, u.id, u.username, \
        u.created_at, u.updated_at, s.token_hash FROM sessions AS s JOIN users AS u \
        ON u.id = s.user_id WHERE s.token_hash = X'\(tokenHash)'
        """
      let sqlite3 = try #require(TestEnvironment.programPath("sqlite3"), "no sqlite3 shell")
      let whoami = try ChildProcess.capture(
        AuthCLIBinary.path, ["--db", database, "whoami"], environment: scratch.environment)
      try #require(whoami.status == 0, "whoami failed: \(whoami.errors)")
      let authcli = try Self.medianFaults(
        AuthCLIBinary.path, ["--db", database, "whoami"], scratch.environment)
      let baseline = try Self.medianFaults(sqlite3, [database, lookup], scratch.environment)
      let ratio = Double(authcli) / Double(baseline)
      #expect(
        ratio <= Self.whoamiBudget,
        """
        authcli whoami took \(authcli) page faults, the sqlite3 lookup \(baseline): \
        \(ratio) per fault, over the budget of \(Self.whoamiBudget)
        """)
    }

    /// The median of five runs' minor page faults, each run's output thrown away.
    static func medianFaults(
      _ executable: String, _ arguments: [String], _ environment: [String: String]
    ) throws -> Int {
      var counts: [Int] = []
      for _ in 0..<5 {
        counts.append(try minorFaults(executable, arguments, environment))
      }
      return counts.sorted()[2]
    }

    /// One run's minor page faults, as the kernel counts them for the child (`wait4`).
    static func minorFaults(
      _ executable: String, _ arguments: [String], _ environment: [String: String]
    ) throws -> Int {
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      let argv = ([executable] + arguments).map { strdup($0) }
      let envp = environment.map { strdup("\($0.key)=\($0.value)") }
      defer { (argv + envp).forEach { free($0) } }
      var pid: pid_t = 0
      let code = posix_spawn(&pid, executable, &actions, nil, argv + [nil], envp + [nil])
      try #require(code == 0, "cannot start \(executable): \(String(cString: strerror(code)))")
      var status: Int32 = 0
      var usage = rusage()
      while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
      try #require(status == 0, "\(executable) \(arguments) ended with status \(status)")
      return usage.ru_minflt
    }

    /// A private folder with XDG folders of its own; removed on deinit.
    final class Scratch {
      let root: String
      let environment: [String: String]

      init() throws {
        root = NSTemporaryDirectory() + "authcli-budget-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        environment = [
          "HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_STATE_HOME": root + "/state",
          "AUTHCLI_ARGON2": "minimum", "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST": "1",
          "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
      }

      deinit { try? FileManager.default.removeItem(atPath: root) }

      /// `print("0.1.0")` built by `swiftc` without optimisation and with the Swift runtime
      /// shared, as the debug authcli is.
      func oneLineSwiftProgram() throws -> String {
        let source = root + "/floor.swift"
        let program = root + "/floor"
        try Data("print(\"0.1.0\")\n".utf8).write(to: URL(fileURLWithPath: source))
        let build = try ChildProcess.capture(
          "/usr/bin/env", ["swiftc", "-Onone", "-o", program, source], environment: environment)
        try #require(build.status == 0, "swiftc failed: \(build.errors)")
        return program
      }
    }
  }
#endif
