import AuthTestSupport
import Foundation
import Testing

/// `verify --pam` through the real PAM library: pamtester authenticates against a service
/// file of the test's own (libpam-wrapper reads it instead of /etc/pam.d) whose one auth
/// module is pam_exec with expose_authtok, running the built authcli.
@Suite(
  "End to end: verify --pam under pam_exec",
  .enabled(if: PAMStack.available, "needs pamtester and libpam-wrapper; under CI it runs and fails")
)
struct PAMTests {
  @Test func pamExecGetsTheAnswerFromTheExitStatus() async throws {
    let sandbox = try Sandbox()
    let database = try await Self.database(
      in: sandbox, accounts: ["ada", "bob", "cyd", "dee", "eve"])
    #expect(try await sandbox.run(["--db", database, "users", "lock", "bob"]).status == 0)
    #expect(
      try await sandbox.run(["--db", database, "users", "expire", "dee", "--on", "2001-01-01"])
        .status == 0)
    #expect(
      try await sandbox.run(["--db", database, "users", "require-new-password", "eve"]).status == 0)
    let services = try Self.pamService(in: sandbox, verifying: database)
    func authenticate(_ name: String, _ password: String) async throws -> Int32 {
      try await Self.pamtester(name, password, in: sandbox, services: services)
    }
    #expect(try await authenticate("ada", Passphrase.first) == 0)
    #expect(try await authenticate("ada", Passphrase.second) != 0)
    // The name is the login name as the calling program has it: ADA is not ada.
    #expect(try await authenticate("ADA", Passphrase.first) != 0)
    #expect(try await authenticate("nobody", Passphrase.first) != 0)
    #expect(try await authenticate("bob", Passphrase.first) != 0)
    #expect(try await authenticate("dee", Passphrase.first) != 0)
    // An account that must choose a new password is refused until it has, as `passwd -e`.
    #expect(try await authenticate("eve", Passphrase.first) != 0)
    for _ in 0..<5 { #expect(try await authenticate("cyd", Passphrase.second) != 0) }
    // Throttled: the right password is refused too, until the lock ends.
    #expect(try await authenticate("cyd", Passphrase.first) != 0)
    let audit = try await sandbox.run(["--db", database, "audit", "--user", "ada", "--json"])
    let kinds = (try audit.json() as? [[String: Any]])?.compactMap { $0["kind"] as? String }
    #expect(kinds?.contains("password_verified") == true)
    let dee = try await sandbox.run(["--db", database, "audit", "--user", "dee", "--json"])
    let details = (try dee.json() as? [[String: Any]])?.compactMap { $0["detail"] as? String }
    #expect(
      details?.first?.hasPrefix("expired (verify; PAM service authcli-test") == true,
      "\(details ?? [])")
    let eve = try await sandbox.run(["--db", database, "audit", "--user", "eve", "--json"])
    let eveDetails = (try eve.json() as? [[String: Any]])?.compactMap { $0["detail"] as? String }
    #expect(
      eveDetails?.contains {
        $0.hasPrefix("new password required, none taken (verify; PAM service")
      }
        == true, "\(eveDetails ?? [])")
  }

  /// `verify --pam --group` under pamtester: a member's right password passes, an
  /// outsider's right password is refused as a wrong one is.
  @Test func pamExecWithAGroupAdmitsOnlyMembers() async throws {
    let sandbox = try Sandbox()
    let database = try await Self.database(in: sandbox, accounts: ["ada", "bob"])
    #expect(
      try await sandbox.run(["--db", database, "groups", "add", "staff", "ada"]).status == 0)
    let services = try Self.pamService(in: sandbox, verifying: database, options: " --group staff")
    func authenticate(_ name: String, _ password: String) async throws -> Int32 {
      try await Self.pamtester(name, password, in: sandbox, services: services)
    }
    #expect(try await authenticate("ada", Passphrase.first) == 0)
    #expect(try await authenticate("bob", Passphrase.first) != 0)
    #expect(try await authenticate("ada", Passphrase.second) != 0)
    let audit = try await sandbox.run(
      ["--db", database, "audit", "--user", "bob", "--kind", "sign_in_failed", "--json"])
    let details = (try audit.json() as? [[String: Any]])?.compactMap { $0["detail"] as? String }
    #expect(
      details?.first?.hasPrefix("not in group staff (verify; PAM service authcli-test") == true,
      "\(details ?? [])")
  }

  /// pam_exec and the program that called PAM take `PAM_USER` as the login name it is, and
  /// Unix names are case-sensitive: only the account's canonical name itself is the account,
  /// never another spelling that signin would read as it.
  @Test func pamUserIsTheAccountsNameByteForByte() async throws {
    let sandbox = try Sandbox()
    let database = try await Self.database(in: sandbox, accounts: ["pamuser"])
    func verify(_ name: String) async throws -> Sandbox.Run {
      try await Self.verifyPAM(in: sandbox, database, user: name)
    }
    let spellings = ["PAMUSER", " pamuser", "pamuser\t", "\u{FF50}\u{FF41}\u{FF4D}user"]
    for name in spellings {
      let refused = try await verify(name)
      #expect(refused.status == 77, "\(name.debugDescription): \(refused.errors)")
      #expect(refused.output.isEmpty)
    }
    let audit = try await sandbox.run(
      ["--db", database, "audit", "--user", "pamuser", "--json"])
    let details = (try audit.json() as? [[String: Any]])?.compactMap { $0["detail"] as? String }
    #expect(
      details?.filter {
        $0 == "name not given in its canonical form (verify; PAM service unnamed)"
      }.count == spellings.count, "\(details ?? [])")
    #expect(try await verify("pamuser").status == 0)
  }

  @Test func theTokenIsReadAsPamExecWritesItWithItsNUL() async throws {
    let sandbox = try Sandbox()
    let database = try await Self.database(in: sandbox, accounts: ["ada"])
    let right = try await Self.verifyPAM(in: sandbox, database, user: "ada")
    #expect(right.status == 0, "\(right.errors)")
    #expect(right.output.isEmpty)
    let withNewline = try await Self.verifyPAM(
      in: sandbox, database, user: "ada", token: Passphrase.first + "\n\u{0}")
    #expect(withNewline.status == 77)
    let noUser = try await Self.verifyPAM(in: sandbox, database, user: nil)
    #expect(noUser.status == 64)
    // Without --pam the environment names nobody.
    let plain = try await sandbox.run(
      ["--db", database, "verify", "--password-stdin", "--no-input"],
      input: Passphrase.first + "\n", extraEnvironment: ["PAM_USER": "ada"])
    #expect(plain.status != 0)
  }

  /// A migrated database of the sandbox's own with `accounts`, each with the first
  /// passphrase.
  private static func database(
    in sandbox: borrowing Sandbox, accounts: [String]
  ) async throws -> String {
    let database = sandbox.root + "/pam.sqlite3"
    #expect(try await sandbox.run(["--db", database, "migrate"]).status == 0)
    for name in accounts {
      let added = try await sandbox.run(
        ["--db", database, "users", "add", "--username", name, "--password-stdin"],
        input: Passphrase.first + "\n" + Passphrase.first + "\n")
      #expect(added.status == 0, "\(added.errors)")
    }
    return database
  }

  /// Writes the sandbox's PAM service `authcli-test`, whose one auth module runs
  /// `authcli --db DATABASE verify --pam` and `options` under pam_exec, and returns the folder
  /// libpam-wrapper reads services from.
  private static func pamService(
    in sandbox: borrowing Sandbox, verifying database: String, options: String = ""
  ) throws -> String {
    let services = sandbox.root + "/pam.d"
    try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
    // pam_exec gives the program PAM's environment, not the caller's: the database is named
    // on the command line.
    try """
    auth required \(PAMStack.modules)/pam_exec.so expose_authtok quiet \(AuthCLIBinary.path) --db \(database) verify --pam\(options)
    account required \(PAMStack.modules)/pam_permit.so

    """.write(toFile: services + "/authcli-test", atomically: true, encoding: .utf8)
    return services
  }

  /// pamtester's exit status for `name` and `password` through the real PAM library and the
  /// service that `pamService` wrote to `services`.
  private static func pamtester(
    _ name: String, _ password: String, in sandbox: borrowing Sandbox, services: String
  ) async throws -> Int32 {
    try await sandbox.runProgram(
      PAMStack.pamtester, ["authcli-test", name, "authenticate"], input: password + "\n",
      extraEnvironment: [
        "LD_PRELOAD": "libpam_wrapper.so", "PAM_WRAPPER": "1",
        "PAM_WRAPPER_SERVICE_DIR": services,
      ]
    ).status
  }

  /// `verify --pam` as pam_exec runs it: the token on standard input with its NUL, the name
  /// in `PAM_USER` (none when `user` is nil).
  private static func verifyPAM(
    in sandbox: borrowing Sandbox, _ database: String, user: String?,
    token: String = Passphrase.first + "\u{0}"
  ) async throws -> Sandbox.Run {
    try await sandbox.run(
      ["--db", database, "verify", "--pam"], input: token,
      extraEnvironment: user.map { ["PAM_USER": $0] } ?? [:])
  }
}

/// Where pamtester and the PAM modules are, and whether the tests can run.
enum PAMStack {
  static let pamtester = "/usr/bin/pamtester"
  static let modules = "/lib/x86_64-linux-gnu/security"
  static let available = TestEnvironment.runs(
    present: FileManager.default.isExecutableFile(atPath: pamtester)
      && FileManager.default.fileExists(atPath: modules + "/pam_exec.so")
      && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libpam_wrapper.so"),
    leftOut: "PAM tests left out: pamtester or libpam-wrapper missing (script/setup)")
}
