import AuthTestSupport
import Foundation
import Testing

/// `users import` through the real binary on both engines, with files made at test time by
/// implementations independent of this package: Apache's `htpasswd`, `openssl passwd`,
/// `mkpasswd` (Debian's whois) and Python's passlib. Every account then signs in with its
/// original password, and its hash is replaced by Argon2id.
@Suite(
  "End to end: users import",
  .enabled(
    if: ImportTools.available,
    "needs htpasswd, openssl, mkpasswd and passlib; under CI it runs and fails"))
struct ImportTests {
  /// The Argon2id cost of these runs: the test-only minimum would admit no legacy hash,
  /// since none may cost more than the current Argon2id cost.
  static let cost = ["AUTHCLI_ARGON2": "interactive"]

  @Test(arguments: Engine.allCases)
  func importedAccountsSignInWithTheirPasswordsAndAreUpgraded(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    func run(_ arguments: [String], input: String = "") async throws -> Sandbox.Run {
      try await sandbox.run(arguments, input: input, extraEnvironment: Self.cost)
    }
    #expect(try await run(["migrate"]).status == 0)
    let passwords = (1...8).map { "imported pass phrase number \($0)" }

    let htpasswd = [
      try ImportTools.line("htpasswd", ["-nbB", "-C", "5", "ann", passwords[0]]),
      try ImportTools.line("htpasswd", ["-nbm", "carl", passwords[1]]),
      "# a comment",
      try ImportTools.line("htpasswd", ["-nbB", "-C", "6", "bea", passwords[1]]),
      "no name:$2y$05$" + String(repeating: "a", count: 53),
      try ImportTools.line("htpasswd", ["-nbs", "dan", passwords[1]]),
      "ann:$2y$05$" + String(repeating: "b", count: 53),
    ].joined(separator: "\n")
    try htpasswd.write(toFile: sandbox.root + "/users.htpasswd", atomically: true, encoding: .utf8)
    let refused = try await run(["users", "import", "--format", "htpasswd", "users.htpasswd"])
    #expect(refused.status == 65)
    for line in [
      "line 2: carl: weak scheme", "line 5: no name: username", "line 6: dan: weak",
      "line 7: ann: duplicate of line 1",
    ] {
      #expect(refused.errors.contains(line), "\(refused.errors)")
    }
    #expect(try await run(["users", "show", "ann"]).status == 65)
    // A dry run predicts the real one: the same exit code and refusals, nothing written.
    let dryRefused = try await run(
      ["users", "import", "--format", "htpasswd", "--dry-run", "users.htpasswd"])
    #expect(dryRefused.status == refused.status)
    #expect(dryRefused.errors.contains("nothing was written"), "\(dryRefused.errors)")
    #expect(
      dryRefused.errors.split(separator: "\n").filter { $0.hasPrefix("line ") }
        == refused.errors.split(separator: "\n").filter { $0.hasPrefix("line ") })
    let dry = try await run([
      "users", "import", "--format", "htpasswd", "--skip-invalid", "--dry-run", "--json",
      "users.htpasswd",
    ])
    #expect((try dry.json() as? [String: Any])?["imported"] as? Int == 0)
    #expect(try await run(["users", "show", "ann"]).status == 65)
    let skipped = try await run(
      ["users", "import", "--format", "htpasswd", "--skip-invalid", "--json", "-"],
      input: htpasswd + "\n")
    #expect(skipped.status == 0, "\(skipped.errors)")
    let report = try #require(try skipped.json() as? [String: Any])
    #expect(report["imported"] as? Int == 2)
    #expect((report["schemes"] as? [String: Int]) == ["bcrypt": 2])
    #expect(
      (report["skipped"] as? [[String: Any]])?.compactMap { $0["line"] as? Int } == [2, 5, 6, 7])

    let sha512 = try ImportTools.line("openssl", ["passwd", "-6", passwords[2]])
    let yescrypt = try ImportTools.line("mkpasswd", ["-m", "yescrypt", passwords[3]])
    let shadow = [
      "eva:\(sha512):19700:0:99999:7:::", "fay:\(yescrypt):19700:0:99999:7:::",
      "gil:!\(sha512):19700:0:99999:7:::", "root:*:19700:0:99999:7:::",
    ].joined(separator: "\n")
    let strict = try await run(["users", "import", "--format", "shadow", "-"], input: shadow)
    #expect(strict.status == 65)
    #expect(
      strict.errors.contains("line 3: gil: locked account (sha512-crypt)"), "\(strict.errors)")
    #expect(strict.errors.contains("line 4: root: locked account with no usable hash"))
    let kept = try await run(
      ["users", "import", "--format", "shadow", "--keep-locked", "-"], input: shadow)
    #expect(kept.status == 0, "\(kept.errors)")
    #expect(kept.output.contains("Imported 4 accounts"), "\(kept.output)")

    let django = try ImportTools.python(
      """
      from passlib.hash import django_pbkdf2_sha256 as p, django_bcrypt_sha256 as b
      print("hal:" + p.using(rounds=100000).hash("\(passwords[4])"))
      print("ivy:" + b.using(rounds=10).hash("\(passwords[5])"))
      """)
    let imported = try await run(["users", "import", "--format", "django", "-"], input: django)
    #expect(imported.status == 0, "\(imported.errors)")

    // inspect counts the accounts by the scheme users show names; root's unusable hash
    // is an Argon2id one that no password matches.
    let kinds: [String: Int] = [
      "argon2id": 1, "bcrypt": 2, "sha512-crypt": 2, "yescrypt": 1, "django-pbkdf2-sha256": 1,
      "django-bcrypt-sha256": 1,
    ]
    let inspected = try #require(try await run(["inspect", "--json"]).json() as? [String: Any])
    #expect(inspected["password_schemes"] as? [String: Int] == kinds, "\(inspected)")
    let inspectedText = try await run(["inspect"]).output
    #expect(
      inspectedText.contains(
        "Password hashes: 1 argon2id, 2 bcrypt, 1 django-bcrypt-sha256, 1 django-pbkdf2-sha256,"
          + " 2 sha512-crypt, 1 yescrypt (kept hashes are upgraded at next sign-in)\n"),
      "\(inspectedText)")

    let accounts = [
      ("ann", passwords[0], "bcrypt"), ("bea", passwords[1], "bcrypt"),
      ("eva", passwords[2], "sha512-crypt"), ("fay", passwords[3], "yescrypt"),
      ("hal", passwords[4], "django-pbkdf2-sha256"), ("ivy", passwords[5], "django-bcrypt-sha256"),
    ]
    for (name, password, scheme) in accounts {
      let before = try #require(
        try await run(["users", "show", name, "--json"]).json() as? [String: Any])
      #expect(before["password_scheme"] as? String == scheme)
      #expect(before["upgraded_at_next_sign_in"] as? Bool == true)
      let wrong = try await run(
        ["verify", "--username", name, "--password-stdin"], input: passwords[7] + "\n")
      #expect(wrong.status == 77, "\(name)")
      let signedIn = try await run(
        ["signin", "--username", name, "--password-stdin"], input: password + "\n")
      #expect(signedIn.status == 0, "\(name): \(signedIn.errors)")
      let after = try #require(
        try await run(["users", "show", name, "--json"]).json() as? [String: Any])
      #expect(after["password_scheme"] as? String == "argon2id", "\(name)")
      #expect(after["upgraded_at_next_sign_in"] as? Bool == false)
      let again = try await run(
        ["verify", "--username", name, "--password-stdin"], input: password + "\n")
      #expect(again.status == 0, "\(name)")
      let audit = try #require(
        try await run(["audit", "--json", "--user", name, "--kind", "hash_upgraded"]).json()
          as? [[String: Any]])
      #expect(
        audit.first?["detail"] as? String
          == "hash upgraded from \(scheme) to argon2id m=65536,t=2,p=1")
    }
    let locked = try await run(
      ["verify", "--username", "gil", "--password-stdin"], input: passwords[2] + "\n")
    #expect(locked.status == 77)
    let gil = try #require(
      try await run(["users", "show", "gil", "--json"]).json() as? [String: Any])
    #expect(gil["locked"] as? Bool == true)
    // Every account that signed in now stores Argon2id; gil's kept hash waits behind its lock.
    let upgraded = try #require(try await run(["inspect", "--json"]).json() as? [String: Any])
    #expect(
      upgraded["password_schemes"] as? [String: Int] == ["argon2id": 7, "sha512-crypt": 1],
      "\(upgraded)")
  }
}

/// The programs the import tests make hashes with, run in the test's sandbox.
enum ImportTools {
  /// Whether every tool is installed, or CI is set (where a missing one fails the test).
  static let available = TestEnvironment.runs(
    present: ["htpasswd", "openssl", "mkpasswd", "python3"].allSatisfy {
      TestEnvironment.programPath($0) != nil
    },
    leftOut: "Import tests left out: htpasswd, openssl, mkpasswd or python3 missing (script/setup)")

  struct Missing: Error { let name: String }

  /// The first line `name` prints.
  static func line(_ name: String, _ arguments: [String]) throws -> String {
    guard let executable = TestEnvironment.programPath(name) else { throw Missing(name: name) }
    let run = try ChildProcess.capture(executable, arguments)
    #expect(run.status == 0, "\(name) \(arguments): \(run.errors)")
    return String(run.output.split(separator: "\n").first ?? "")
  }

  /// What a Python snippet prints.
  static func python(_ code: String) throws -> String {
    guard let executable = TestEnvironment.programPath("python3") else {
      throw Missing(name: "python3")
    }
    let run = try ChildProcess.capture(executable, ["-c", code])
    #expect(run.status == 0, "python3 failed: \(run.errors)")
    return run.output
  }
}
