import AuthTestSupport
import Foundation
import Testing

/// A Django site's accounts imported as they are: hashes made by Django's own hashers
/// (`make_password`, Django 5.2 from PyPI, its default `PASSWORD_HASHERS` at their own
/// costs), imported through the real binary with no environment variable for the cost, on
/// both engines. The store's sign-in work is raised by the import flag or by the operator's
/// command, kept in the store across commands, and goes back to the default once the last
/// kept hash above it is replaced at sign-in.
@Suite(
  "End to end: a Django site imported as it is",
  .enabled(
    if: DjangoHashes.available, "needs Django 5.2 (script/setup); under CI it runs and fails"))
struct DjangoImportTests {
  /// The default work of a check (libsodium's interactive Argon2id: 64 MiB, 2 passes).
  static let defaultWork = 65536 * 2
  /// What Django's bcrypt_sha256 at 12 rounds costs by the rate table: the dearest default.
  static let bcrypt12Work = 72 * 4096
  /// The sign-in work it needs: its work and the rate table's 10 % margin, rounded up.
  static let bcrypt12Need = 324_404
  /// PBKDF2-SHA256 at Django 5.2's 1,000,000 iterations.
  static let pbkdf2Work = 185_000
  /// The sign-in work it needs, with the margin.
  static let pbkdf2Need = 203_500

  /// A sandbox with no Argon2id cost variable: the cost an administrator's machine has.
  static func sandbox(_ engine: Engine) throws -> Sandbox {
    var sandbox = try Sandbox(engine: engine)
    sandbox.environment["AUTHCLI_ARGON2"] = nil
    sandbox.environment["AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST"] = nil
    return sandbox
  }

  @Test(arguments: Engine.allCases)
  func djangosDefaultHashersImportSignInAndTheExtraWorkGoesAway(engine: Engine) async throws {
    let sandbox = try Self.sandbox(engine)
    #expect(try await sandbox.run(["migrate"]).status == 0)
    let accounts = [
      ("pat", "pbkdf2_sha256", "django-pbkdf2-sha256"),
      ("sid", "pbkdf2_sha1", "django-pbkdf2-sha1"),
      ("ada", "argon2", "django-argon2id"), ("bob", "bcrypt_sha256", "django-bcrypt-sha256"),
      ("sam", "scrypt", "django-scrypt"), ("old", "pbkdf2_sha256_5_1", "django-pbkdf2-sha256"),
    ]
    let password = { (name: String) in "the django password of \(name)" }
    let lines = try DjangoHashes.lines(accounts.map { ($0.0, $0.1, password($0.0)) })
    #expect(lines.contains { $0.hasPrefix("pat:pbkdf2_sha256$1000000$") })
    #expect(lines.contains { $0.hasPrefix("old:pbkdf2_sha256$870000$") })
    #expect(lines.contains { $0.hasPrefix("sam:scrypt$16384$") })
    #expect(lines.contains { $0.hasPrefix("ada:argon2$argon2id$v=19$m=102400,t=2,p=8$") })
    #expect(lines.contains { $0.hasPrefix("bob:bcrypt_sha256$$2b$12$") })
    let file = lines.joined(separator: "\n") + "\n"

    // Without the flag, the hashes dearer than the default are refused, naming the way in.
    let refused = try await sandbox.run(
      ["users", "import", "--format", "django", "-"], input: file)
    #expect(refused.status == 65)
    #expect(
      refused.errors.contains(
        "line 4: bob: django-bcrypt-sha256 cost \(Self.bcrypt12Work) KiB × passes, above the"
          + " store's sign-in work (\(Self.defaultWork)); --raise-sign-in-work admits it"),
      "\(refused.errors)")

    // A dry run says what it would cost, and writes nothing.
    let dry = try await sandbox.run(
      ["users", "import", "--format", "django", "--raise-sign-in-work", "--dry-run", "-"],
      input: file)
    #expect(dry.status == 0, "\(dry.errors)")
    #expect(dry.output.contains("Every sign-in would cost \(Self.bcrypt12Need) KiB × passes"))
    #expect(try await Self.signInWork(sandbox)["sign_in_work_raised"] as? Bool == false)

    let imported = try await sandbox.run(
      ["users", "import", "--format", "django", "--raise-sign-in-work", "--json", "-"],
      input: file)
    #expect(imported.status == 0, "\(imported.errors)")
    let report = try #require(try imported.json() as? [String: Any])
    #expect(report["imported_accounts"] as? Int == accounts.count)
    #expect(report["sign_in_work"] as? Int == Self.bcrypt12Need)
    #expect(report["previous_sign_in_work"] as? Int == Self.defaultWork)
    let raise = try #require(
      try await sandbox.run(["audit", "--json", "--kind", "sign_in_work_changed"]).json()
        as? [[String: Any]])
    #expect(
      raise.compactMap { $0["detail"] as? String } == [
        "raised from \(Self.defaultWork) to \(Self.bcrypt12Need) KiB × passes by an import"
      ], "\(raise)")

    // The store keeps it: every later command, with no variable, sees the raised work.
    let status = try await Self.signInWork(sandbox)
    #expect(status["sign_in_work"] as? Int == Self.bcrypt12Need)
    #expect(status["sign_in_work_raised"] as? Bool == true)
    #expect(status["kept_hashes_above_default"] as? Int == accounts.count)
    #expect(status["dearest_kept_work"] as? Int == Self.bcrypt12Work)
    #expect(status["needed_sign_in_work"] as? Int == Self.bcrypt12Need)
    let inspected = try #require(
      try await sandbox.run(["inspect", "--json"]).json() as? [String: Any])
    #expect(inspected["sign_in_work"] as? Int == Self.bcrypt12Need)
    #expect(inspected["sign_in_work_raised"] as? Bool == true)
    let schemes = try #require(inspected["password_schemes"] as? [String: Int])
    #expect(schemes["django-scrypt"] == 1 && schemes["django-pbkdf2-sha1"] == 1, "\(schemes)")
    let shown = try #require(
      try await sandbox.run(["users", "show", "pat", "--json"]).json() as? [String: Any])
    #expect(shown["password_work"] as? Int == Self.pbkdf2Work)
    #expect(shown["sign_in_work"] as? Int == Self.bcrypt12Need)

    // A wrong password on a kept hash and an unknown name are refused alike; the right one
    // signs in and replaces the kept hash with Argon2id at the default cost.
    for (name, _, scheme) in accounts {
      let wrong = try await sandbox.run(
        ["verify", "--username", name, "--password-stdin"], input: "not the password\n")
      #expect(wrong.status == 77, "\(name)")
      #expect(try await Self.signInWork(sandbox)["sign_in_work_raised"] as? Bool == true, "\(name)")
      let signedIn = try await sandbox.run(
        ["signin", "--username", name, "--password-stdin"], input: password(name) + "\n")
      #expect(signedIn.status == 0, "\(name) (\(scheme)): \(signedIn.errors)")
      let after = try #require(
        try await sandbox.run(["users", "show", name, "--json"]).json() as? [String: Any])
      #expect(after["password_scheme"] as? String == "argon2id", "\(name)")
    }
    let unknown = try await sandbox.run(
      ["verify", "--username", "nobody", "--password-stdin"], input: "not the password\n")
    #expect(unknown.status == 77)

    // The last kept hash above the default replaced: the extra work is gone.
    let back = try await Self.signInWork(sandbox)
    #expect(back["sign_in_work"] as? Int == Self.defaultWork, "\(back)")
    #expect(back["sign_in_work_raised"] as? Bool == false)
    #expect(back["kept_hashes_above_default"] as? Int == 0)
    let audit = try #require(
      try await sandbox.run(["audit", "--json", "--kind", "hash_upgraded"]).json()
        as? [[String: Any]])
    #expect(
      audit.filter {
        ($0["detail"] as? String)?.hasSuffix("sign-in work back to the default") == true
      }
      .count == 1, "\(audit)")
  }

  @Test(arguments: Engine.allCases)
  func theOperatorsCommandRaisesTheWorkAndAnAbsurdCostIsRefused(engine: Engine) async throws {
    let sandbox = try Self.sandbox(engine)
    #expect(try await sandbox.run(["migrate"]).status == 0)
    let lines = try DjangoHashes.lines([
      ("pat", "pbkdf2_sha256", "a django password"), ("huge", "pbkdf2_sha256_absurd", "x"),
    ])
    // Raised first by the operator, then imported with no flag and no variable.
    let raised = try await sandbox.run(["users", "sign-in-work", "--set", "210000"])
    #expect(raised.status == 0, "\(raised.errors)")
    #expect(
      raised.output.contains("Every sign-in now costs 210000 KiB × passes"), "\(raised.output)")
    let imported = try await sandbox.run(
      ["users", "import", "--format", "django", "-"], input: lines[0] + "\n")
    #expect(imported.status == 0, "\(imported.errors)")
    // Never below the default or what the kept hashes need (its work and the margin), nor
    // above the most a sign-in may cost; a refusal changes nothing.
    let belowDefault = try await sandbox.run(["users", "sign-in-work", "--set", "1000"])
    #expect(belowDefault.status == 65)
    #expect(
      belowDefault.errors.contains("below the default (\(Self.defaultWork))"),
      "\(belowDefault.errors)")
    let below = try await sandbox.run(["users", "sign-in-work", "--set", "200000"])
    #expect(below.status == 65)
    #expect(below.errors.contains("below what the kept hashes need (\(Self.pbkdf2Need))"))
    let above = try await sandbox.run(["users", "sign-in-work", "--set", "600000"])
    #expect(above.status == 65)
    #expect(above.errors.contains("above the most a sign-in may cost (524288)"))
    let notANumber = try await sandbox.run(["users", "sign-in-work", "--set", "-5"])
    #expect(notANumber.status == 64)
    let both = try await sandbox.run(["users", "sign-in-work", "--set", "300000", "--fit"])
    #expect(both.status == 64)
    #expect(try await Self.signInWork(sandbox)["sign_in_work"] as? Int == 210_000)
    let fitted = try await sandbox.run(["users", "sign-in-work", "--fit", "--json"])
    #expect(fitted.status == 0, "\(fitted.errors)")
    let fit = try #require(try fitted.json() as? [String: Any])
    #expect(fit["sign_in_work"] as? Int == Self.pbkdf2Need)
    #expect(fit["previous_sign_in_work"] as? Int == 210_000)
    // Each change, and only a change, is audited with both works.
    let changes = try #require(
      try await sandbox.run(["audit", "--json", "--kind", "sign_in_work_changed"]).json()
        as? [[String: Any]])
    #expect(
      Set(changes.compactMap { $0["detail"] as? String }) == [
        "raised from \(Self.defaultWork) to 210000 KiB × passes, set by an operator",
        "lowered from 210000 to \(Self.pbkdf2Need) KiB × passes, fitted to the kept hashes",
      ], "\(changes)")

    // A hash whose cost is absurd is refused even with the flag, naming the bound.
    let absurd = try await sandbox.run(
      ["users", "import", "--format", "django", "--raise-sign-in-work", "-"],
      input: lines[1] + "\n")
    #expect(absurd.status == 65)
    #expect(
      absurd.errors.contains("above the most a sign-in may cost (524288 KiB × passes)"),
      "\(absurd.errors)")
    #expect(try await Self.signInWork(sandbox)["sign_in_work"] as? Int == Self.pbkdf2Need)
  }

  /// `users sign-in-work --json`.
  static func signInWork(_ sandbox: borrowing Sandbox) async throws -> [String: Any] {
    let run = try await sandbox.run(["users", "sign-in-work", "--json"])
    #expect(run.status == 0, "\(run.errors)")
    return try #require(try run.json() as? [String: Any])
  }
}

/// Hashes made by Django's own `make_password`, with Django 5.2's default hashers.
enum DjangoHashes {
  /// Whether Django imports, or CI is set (where its absence fails the test).
  static let available: Bool = {
    guard let python = TestEnvironment.programPath("python3") else {
      return TestEnvironment.isContinuousIntegration
    }
    let found = (try? ChildProcess.capture(python, ["-c", "import django"]))?.status == 0
    return found || TestEnvironment.isContinuousIntegration
  }()

  /// `name:hash` lines for `(name, hasher, password)`: the hasher by Django's algorithm
  /// name, or `pbkdf2_sha256_5_1` (Django 5.1's 870,000 iterations) and
  /// `pbkdf2_sha256_absurd` (3,000,000, above the most a sign-in may cost), each Django's own class with its iterations set
  /// as Django's documentation shows.
  static func lines(_ accounts: [(String, String, String)]) throws -> [String] {
    let input = try JSONSerialization.data(withJSONObject: accounts.map { [$0.0, $0.1, $0.2] })
    let code = """
      import json, sys
      \(DjangoSettings.everyHasher)
      from django.contrib.auth.hashers import make_password, PBKDF2PasswordHasher
      class Django51(PBKDF2PasswordHasher):
          iterations = 870000
      class Absurd(PBKDF2PasswordHasher):
          iterations = 3000000
      special = {"pbkdf2_sha256_5_1": Django51(), "pbkdf2_sha256_absurd": Absurd()}
      for name, hasher, password in json.loads(sys.stdin.read()):
          print(name + ":" + make_password(password, hasher=special.get(hasher, hasher)))
      """
    guard let python = TestEnvironment.programPath("python3") else {
      throw ImportTools.Missing(name: "python3")
    }
    let run = try ChildProcess.capture(
      python, ["-c", code], input: String(decoding: input, as: UTF8.self))
    #expect(run.status == 0, "Django: \(run.errors)")
    let lines = run.output.split(separator: "\n").map(String.init)
    try #require(lines.count == accounts.count)
    return lines
  }
}
