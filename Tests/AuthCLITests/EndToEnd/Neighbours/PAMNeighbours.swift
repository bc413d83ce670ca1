import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the tests with real PAM callers (sshd, su) need: root, to make local users and run
/// sshd; the programs; and libpam-wrapper, so that the callers read the test's own service
/// files instead of /etc/pam.d.
enum PAMNeighbours {
  static let sshd = "/usr/sbin/sshd"
  static let sshpass = "/usr/bin/sshpass"
  static let su = "/usr/bin/su"

  /// Whether the tests run: as root with the programs there, or under CI, where anything
  /// missing fails them instead.
  static let runs = TestEnvironment.runs(
    present: getuid() == 0 && PAMStack.available
      && [sshd, sshpass, su, "/usr/bin/ssh", "/usr/sbin/useradd"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
      },
    leftOut: "Tests with sshd and su left out: they need root, openssh-server, sshpass and"
      + " libpam-wrapper (script/setup installs them; under CI they fail instead)")

  /// The environment that makes a PAM caller read its service file from `folder`.
  static func wrapper(services folder: String) -> [String: String] {
    ["LD_PRELOAD": "libpam_wrapper.so", "PAM_WRAPPER": "1", "PAM_WRAPPER_SERVICE_DIR": folder]
  }

  /// The recipe's service file for `service`, as `authcli help pam SERVICE` prints it for
  /// the sandbox's default database, written where the wrapper looks.
  static func writeRecipe(
    _ service: String, groups: [String] = [], in sandbox: borrowing Sandbox
  ) async throws -> String {
    let folder = sandbox.root + "/pam.d"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let recipe = try await sandbox.run(
      ["help", "pam", service] + groups.flatMap { ["--group", $0] })
    #expect(recipe.status == 0, "\(recipe.errors)")
    try recipe.output.write(toFile: folder + "/" + service, atomically: true, encoding: .utf8)
    return folder
  }

  /// The service file of earlier releases' documentation: pam_exec alone in the auth
  /// stack, which answers the password but leaves `pam_setcred` to fail.
  static func writeAuthOnlyRecipe(_ service: String, in sandbox: borrowing Sandbox) throws {
    try """
    auth     required  pam_exec.so expose_authtok quiet \(AuthCLIBinary.pathForEveryUser) --db \(sandbox.defaultDatabase) verify --pam
    account  required  pam_permit.so

    """.write(toFile: sandbox.root + "/pam.d/" + service, atomically: true, encoding: .utf8)
  }
}

/// Starts a server the test stops itself: `program` with `arguments`, in the background,
/// its output discarded, under `timeout`, which ends it after 10 minutes if the test did not
/// (a test that crashed).
func startServer(
  _ program: String, _ arguments: [String], in sandbox: borrowing Sandbox,
  environment: [String: String] = [:]
) async throws {
  let started = try await sandbox.runProgram(
    "/bin/sh",
    ["-c", "timeout 600 \"$@\" </dev/null >/dev/null 2>&1 &", "sh", program]
      + arguments, extraEnvironment: environment)
  #expect(started.status == 0, "\(program): \(started.errors)")
}

/// Waits for a server the test started: asks `ready` every 100 ms, for at most 20 s, and
/// answers whether it said yes.
func waitForServer(_ ready: () async -> Bool) async throws -> Bool {
  for _ in 0..<200 {
    if await ready() { return true }
    try await Task.sleep(for: .milliseconds(100))
  }
  return false
}

/// The HTTP status `curl` gets for one request to 127.0.0.1:`port` with Basic credentials.
func basicAuthStatus(
  port: UInt16, of path: String, user: String, password: String
) async throws -> Int {
  let run = try await ChildProcess.captured(
    "/usr/bin/curl",
    [
      "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "60", "-u",
      "\(user):\(password)", "http://127.0.0.1:\(port)\(path)",
    ])
  return Int(run.output) ?? 0
}

/// Local users made for one test (`useradd`, no home, `/bin/sh`) and removed with it.
final class LocalUsers {
  private(set) var names: [String] = []

  /// A new local user whose name begins with `prefix` (lower-case letters), unique to this
  /// test run.
  func make(_ prefix: String) throws -> String {
    let letters = "abcdefghijklmnopqrstuvwxyz"
    let suffix = String((0..<6).map { _ in letters.randomElement() ?? "a" })
    let name = "acli" + prefix + suffix
    let made = try ChildProcess.capture(
      "/usr/sbin/useradd", ["-M", "-N", "-d", "/", "-s", "/bin/sh", name])
    guard made.status == 0 else { throw LocalUserError(name: name, output: made.output) }
    names.append(name)
    return name
  }

  deinit {
    for name in names { _ = try? ChildProcess.capture("/usr/sbin/userdel", [name]) }
  }
}

/// `useradd` refused a name.
struct LocalUserError: Error, CustomStringConvertible {
  let name: String
  let output: String
  var description: String { "useradd \(name) failed: \(output)" }
}

/// A TCP port on 127.0.0.1 for a test's server: below Linux's ephemeral range (32768 and
/// up), so that no client's connection takes it as its own end between the choice and the
/// server's bind (which a port the kernel picks for port 0 allows), and free when chosen.
enum FreePort {
  static func onLoopback() throws -> UInt16 {
    for _ in 0..<100 {
      let port = UInt16.random(in: 20_000..<32_768)
      if isFree(port) { return port }
    }
    throw POSIXError(.EADDRINUSE)
  }

  /// Whether a socket can be bound to 127.0.0.1:`port` now.
  private static func isFree(_ port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return bound == 0
  }
}
