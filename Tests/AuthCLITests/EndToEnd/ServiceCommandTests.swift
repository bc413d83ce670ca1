import Foundation
import Testing

@testable import AuthCLI

@Suite("End to end: verify, sessions check, sessions prune, audit")
struct ServiceCommandTests {
  @Test func verifyAnswersWithTheExitCodeAndStartsNoSession() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["migrate"])
    _ = try await sandbox.addUser("lea")
    let right = try await sandbox.run(
      ["verify", "--username", "LEA", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(right.status == 0, "\(right.errors)")
    #expect(right.output == "Password for lea is correct.\n")
    let json = try await sandbox.run(
      ["verify", "--json", "--username", "lea", "--password-stdin"],
      input: Passphrase.first + "\n")
    let verified = try #require(try json.json() as? [String: Any])
    #expect(verified["verified"] as? Bool == true)
    #expect(verified["username"] as? String == "lea")
    #expect(try await sandbox.sql("SELECT count(*) FROM sessions") == "0")
    #expect(try sandbox.stateFiles().isEmpty)

    // One answer, step included, whatever the cause.
    let refusal =
      "Error: Incorrect username or password, or too many failed attempts — try again later\n"
      + ErrorKind.badCredentials.nextStep + "\n"
    for (name, password) in [("lea", "not the passphrase at all"), ("nobody", Passphrase.first)] {
      let run = try await sandbox.run(
        ["verify", "--username", name, "--password-stdin"], input: password + "\n")
      #expect(run.status == 77, "\(name)")
      #expect(run.errors == refusal)
      #expect(run.output.isEmpty)
    }
    let badName = try await sandbox.run(
      ["verify", "--username", "x", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(badName.status == 77)
    let noInput = try await sandbox.run(["verify", "--username", "lea", "--no-input"])
    #expect(noInput.status == 64)
    #expect(
      try await sandbox.sql("SELECT kind || ': ' || detail FROM auth_events ORDER BY id")
        == """
        account_added: by an operator, no session
        password_verified: no session started
        password_verified: no session started
        sign_in_failed: wrong password (verify)
        sign_in_failed: unknown user (verify)
        """)
  }

  @Test func verifyNeedsNoStateFolderForItsDeviceCookie() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["migrate"])
    _ = try await sandbox.addUser("lea")
    // No HOME and no XDG_STATE_HOME: no cookie can be found, so the client is untrusted,
    // and the check goes on as one without a cookie.
    let noState = ["HOME": "", "XDG_STATE_HOME": ""]
    let right = try await sandbox.run(
      ["verify", "--db", sandbox.defaultDatabase, "--username", "lea", "--password-stdin"],
      input: Passphrase.first + "\n", extraEnvironment: noState)
    #expect(right.status == 0, "\(right.errors)")
  }

  @Test func verifyIsThrottledLikeSignIn() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("max")
    for _ in 0..<5 {
      _ = try await sandbox.run(
        ["verify", "--username", "max", "--password-stdin"],
        input: "not the passphrase at all\n")
    }
    let locked = try await sandbox.run(
      ["verify", "--username", "max", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(locked.status == 77)
    #expect(try await sandbox.signIn("max", password: Passphrase.first).status == 77)
  }

  @Test func sessionsCheckReadsTheTokenFromStandardInput() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("ned")
    let files = try sandbox.stateFiles()
    let token = try String(contentsOfFile: sandbox.stateFolder + "/" + files[0], encoding: .utf8)
    // The state folder is moved away: check must not read it.
    try FileManager.default.moveItem(atPath: sandbox.stateFolder, toPath: sandbox.root + "/moved")
    let text = try await sandbox.run(["sessions", "check", "--token-stdin"], input: token)
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output.hasPrefix("Username:   ned\nSession:    1\nSigned in:  "))
    let json = try await sandbox.run(
      ["sessions", "check", "--token-stdin", "--json"], input: token)
    let object = try #require(try json.json() as? [String: Any])
    #expect(object["username"] as? String == "ned")
    #expect(object["session_id"] as? Int == 1)
    #expect(!json.output.contains(token.trimmingCharacters(in: .whitespacesAndNewlines)))

    for bad in ["not a token\n", "\n", String(repeating: "A", count: 43) + "\n"] {
      let run = try await sandbox.run(["sessions", "check", "--token-stdin"], input: bad)
      #expect(run.status == 77)
      // Said to the program that called: what the token is, and where a live one comes from.
      #expect(
        run.errors
          == "Error: Not signed in: the token is not a live session (unknown, expired or ended).\n"
          + "Its holder gets a new one by signing in again ('authcli signin', then "
          + "'authcli sessions token').\n")
    }
    #expect(try await sandbox.run(["sessions", "check", "--token-stdin"]).status == 66)
    let noFlag = try await sandbox.run(["sessions", "check"], input: token)
    #expect(noFlag.status == 64)
    #expect(noFlag.errors.hasPrefix("Error: Pass --token-stdin"))
    let flagElsewhere = try await sandbox.run(["sessions", "list", "--token-stdin"])
    #expect(flagElsewhere.status == 64)

    _ = try await sandbox.sql("UPDATE sessions SET expires_at = 0")
    let expired = try await sandbox.run(["sessions", "check", "--token-stdin"], input: token)
    #expect(expired.status == 77)
  }

  @Test func sessionsTokenPrintsTheLiveSessionsTokenAndNothingElse() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("ned")
    let files = try sandbox.stateFiles()
    let stored = try String(contentsOfFile: sandbox.stateFolder + "/" + files[0], encoding: .utf8)
    let printed = try await sandbox.run(["sessions", "token"])
    #expect(printed.status == 0, "\(printed.errors)")
    #expect(printed.output == stored)
    #expect(printed.errors.isEmpty)
    // Handed over on standard input, it names the session.
    let checked = try await sandbox.run(
      ["sessions", "check", "--token-stdin"], input: printed.output)
    #expect(checked.output.hasPrefix("Username:   ned\nSession:    1\n"), "\(checked.errors)")
    let json = try #require(
      try await sandbox.run(["sessions", "token", "--json"]).json() as? [String: Any])
    #expect(json["token"] as? String == stored.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(json["session_id"] as? Int == 1)

    // Signed out, or with a session that is over: the usual answer, exit 77.
    let whoami = try await sandbox.run(["whoami"])
    _ = try await sandbox.sql("UPDATE sessions SET expires_at = 0")
    let expired = try await sandbox.run(["sessions", "token"])
    #expect(expired.status == 77)
    #expect(expired.output.isEmpty)
    #expect(try sandbox.stateFiles().isEmpty, "the dead token is forgotten")
    let signedOut = try await sandbox.run(["sessions", "token"])
    #expect(signedOut.status == 77)
    #expect(signedOut.output.isEmpty)
    let signedOutWhoami = try await sandbox.run(["whoami"])
    #expect(signedOut.errors == signedOutWhoami.errors)
    #expect(whoami.status == 0)
  }

  @Test func signingInAsAnotherUserSaysItEndedThePreviousUsersSession() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("ned")
    #expect(try await sandbox.addUser("una").status == 0)
    let other = try await sandbox.signIn("una", password: Passphrase.first)
    #expect(other.status == 0, "\(other.errors)")
    #expect(other.output == "Signed in as una.\n")
    #expect(other.errors == "Ended ned's session here.\n")
    // Signing in again as the same user says nothing more.
    let again = try await sandbox.signIn("una", password: Passphrase.first)
    #expect(again.output == "Signed in as una.\n")
    #expect(again.errors.isEmpty)
    #expect(try await sandbox.sql("SELECT count(*) FROM sessions") == "1")
  }

  @Test func sessionsCheckCountsAsAUseOfTheSession() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("una")
    let files = try sandbox.stateFiles()
    let token = try String(contentsOfFile: sandbox.stateFolder + "/" + files[0], encoding: .utf8)
    // Last used a day ago: due for renewal, still live.
    _ = try await sandbox.sql(
      "UPDATE sessions SET last_used_at = last_used_at - 86400, expires_at = expires_at - 86400")
    let before = try #require(Int(try await sandbox.sql("SELECT last_used_at FROM sessions")))
    let check = try await sandbox.run(["sessions", "check", "--token-stdin"], input: token)
    #expect(check.status == 0, "\(check.errors)")
    let after = try #require(Int(try await sandbox.sql("SELECT last_used_at FROM sessions")))
    #expect(after > before)
  }

  @Test func pruneDeletesExpiredSessionsForgottenThrottleRowsAndExpiredDeviceCookies()
    async throws
  {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("ola")
    // Two device cookies: from this client's sign-in, and another device's.
    _ = try await sandbox.signIn("ola", password: Passphrase.first)
    _ = try await sandbox.signIn(
      "ola", password: Passphrase.first,
      extraEnvironment: ["XDG_STATE_HOME": sandbox.root + "/other-state"])
    // Guesses from a client without a cookie count on the names' throttle.
    for name in ["olga", "ollie", "ola"] {
      _ = try await sandbox.signIn(
        name, password: "not the passphrase at all",
        extraEnvironment: ["XDG_STATE_HOME": sandbox.root + "/stranger-state"])
    }
    // Two sessions expired, two throttle rows a day and more old (names are kept as keyed
    // hashes, so any two of the three), one recent; one of the two cookies expired.
    _ = try await sandbox.sql(
      """
      INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
        VALUES (x'01', 1, 0, 0, 1000), (x'02', 1, 0, 0, 2000);
      UPDATE sign_in_throttle SET last_failure_at = 1000 WHERE username IN
        (SELECT username FROM sign_in_throttle ORDER BY username LIMIT 2);
      UPDATE device_cookies SET expires_at = 1000 WHERE token_hash IN
        (SELECT token_hash FROM device_cookies ORDER BY created_at, token_hash LIMIT 1);
      """)
    let inspect = try await sandbox.run(["inspect", "--json"])
    let report = try #require(try inspect.json() as? [String: Any])
    let prunable = try #require(report["prunable"] as? [String: Int])
    #expect(prunable == ["expired_sessions": 2, "throttle_rows": 2, "expired_device_cookies": 1])
    let text = try await sandbox.run(["inspect"])
    #expect(
      text.output.contains(
        "Prunable:        2 expired session(s), 2 throttle row(s), 1 expired device cookie(s) "
          + "('authcli sessions prune')\n"))

    let pruned = try await sandbox.run(["sessions", "prune", "--json"])
    #expect(pruned.status == 0, "\(pruned.errors)")
    #expect(
      try pruned.json() as? [String: Int] == [
        "expired_sessions": 2, "throttle_rows": 2, "expired_device_cookies": 1,
      ])
    #expect(try await sandbox.sql("SELECT count(*) FROM sign_in_throttle") == "1")
    #expect(try await sandbox.sql("SELECT count(*) FROM sessions") == "2")
    #expect(try await sandbox.sql("SELECT count(*) FROM device_cookies") == "1")
    #expect(try await sandbox.run(["whoami"]).status == 0)
    let again = try await sandbox.run(["sessions", "prune"])
    #expect(
      again.output
        == "Deleted 0 expired sessions, 0 throttle rows that no longer lock anything and 0 "
        + "expired device cookies.\n")
    #expect(
      try await sandbox.sql("SELECT count(*) FROM auth_events WHERE kind = 'pruned'") == "2")
  }

  /// A sign-in and a sign-up each delete at most 10 expired rows, sessions and device
  /// cookies alike; an operator's `users add` deletes none.
  @Test(arguments: [
    ("sessions", "token_hash, user_id, created_at, last_used_at, expires_at", "1, 0, 0, 1000"),
    ("device_cookies", "token_hash, user_id, created_at, expires_at", "1, 0, 1000"),
  ])
  func signInAndSignUpPruneABoundedNumberOfRows(
    table: String, columns: String, rows: String
  ) async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("pia")
    try await Self.plantExpired(in: sandbox, "\(table) (\(columns))", rows: rows)
    _ = try await sandbox.signIn("pia", password: "not the passphrase at all")
    #expect(try await Self.expiredCount(in: sandbox, table) == "15")
    _ = try await sandbox.addUser("quinn")
    _ = try await sandbox.signUp("rita")
    #expect(try await Self.expiredCount(in: sandbox, table) == "5")
  }

  /// Plants 25 rows into `table (columns)`, each its own token hash followed by `rows`:
  /// the values after the hash, for user 1 and long expired (at 1000).
  private static func plantExpired(
    in sandbox: borrowing Sandbox, _ table: String, rows: String
  ) async throws {
    let values = (1...25).map { "(x'\(String(format: "%02x", $0))', \(rows))" }
    _ = try await sandbox.sql(
      "INSERT INTO \(table) VALUES " + values.joined(separator: ", "))
  }

  /// How many of the rows `plantExpired` planted in `table` are left.
  private static func expiredCount(
    in sandbox: borrowing Sandbox, _ table: String
  ) async throws -> String {
    try await sandbox.sql("SELECT count(*) FROM \(table) WHERE expires_at = 1000")
  }

  @Test func auditListsEventsNewestFirstWithFilters() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("sam")
    _ = try await sandbox.signIn("sam", password: "not the passphrase at all")
    _ = try await sandbox.signIn("tom", password: "not the passphrase at all")
    _ = try await sandbox.signIn("sam", password: Passphrase.first)

    let table = try await sandbox.run(["audit"])
    #expect(table.status == 0, "\(table.errors)")
    let lines = table.output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("TIME (UTC)  ") == true)
    #expect(lines.count == 6)
    // Signing in ended the session the state file held, after the sign-in.
    #expect(lines[1].contains("  sign_out  "))
    #expect(lines[2].contains("  sign_in_succeeded  sam "))
    #expect(lines[5].contains("  sign_up  ") || lines[5].contains("  sign_up "))

    let json = try #require(try await sandbox.run(["audit", "--json"]).json() as? [[String: Any]])
    #expect(
      json.compactMap { $0["kind"] as? String }
        == ["sign_out", "sign_in_succeeded", "sign_in_failed", "sign_in_failed", "sign_up"])
    let ids = json.compactMap { $0["id"] as? Int }
    #expect(ids == ids.sorted(by: >))

    let sam = try #require(
      try await sandbox.run(["audit", "--json", "--user", "SAM", "--kind", "sign_in_failed"])
        .json() as? [[String: Any]])
    #expect(sam.count == 1)
    #expect(sam.first?["detail"] as? String == "wrong password")
    let tom = try #require(
      try await sandbox.run(["audit", "--json", "--user", "tom"]).json() as? [[String: Any]])
    #expect(tom.first?["user_id"] is NSNull)
    let two = try #require(
      try await sandbox.run([
        "audit", "--json", "--limit", "2", "--kind", "sign_up", "--kind", "sign_out",
      ])
      .json() as? [[String: Any]])
    #expect(two.compactMap { $0["kind"] as? String } == ["sign_out", "sign_up"])
    let future = try await sandbox.run(["audit", "--since", "2999-01-01"])
    #expect(future.output == "No events.\n")
    let recent = try #require(
      try await sandbox.run(["audit", "--json", "--since", "1h"]).json() as? [[String: Any]])
    #expect(recent.count == 5)
    let absolute = try await sandbox.run(["audit", "--json", "--since", "2000-01-01T00:00:00Z"])
    #expect(absolute.status == 0)

    for (arguments, message) in [
      (
        ["audit", "--kind", "nonsense"],
        "Error: The value 'nonsense' is invalid for '--kind <kind>': use one of sign_up, "
      ),
      (["audit", "--limit", "0"], "Error: The value '0' is invalid for '--limit <n>'"),
      (
        ["audit", "--since", "yesterday"],
        "Error: The value 'yesterday' is invalid for '--since <time>'"
      ),
      (["audit", "extra"], "Error: Unexpected argument 'extra'"),
    ] {
      let run = try await sandbox.run(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.errors.hasPrefix(message), "\(run.errors)")
    }
    let help = try await sandbox.run(["audit", "--help"])
    for kind in ["sign_up", "account_locked", "password_reset", "pruned", "password_verified"] {
      #expect(help.output.contains(kind), "\(kind)")
    }
  }
}
