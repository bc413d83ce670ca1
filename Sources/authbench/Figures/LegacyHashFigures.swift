import AuthCore
import AuthCrypto
import AuthStorage
import Foundation

/// Figure 5's rows for hashes kept from other systems: a wrong password on each scheme,
/// at the cost its tool writes by default (or the highest the current cost admits),
/// against a name with no account.
enum LegacyHashFigures {
  /// One stored hash per scheme, made by the scheme's own tool (htpasswd, openssl,
  /// mkpasswd, passlib) for another password.
  static let hashes: [(label: String, hash: String)] = [
    ("bcrypt cost 10", "$2y$10$U1yni3LnMaTTpCfy0fUlu..htfbDQumyK6h5/y5mVb5K.b10euzLq"),
    (
      "sha512-crypt 5000 rounds",
      "$6$/jPTP7qDUQe/fe9P$1i7i9xnpHpAf0uZ2HxVGs2XSJcVeokX3O/tAu5usZUB2K83lGqsdhA0KU7GTcHfolVy7iAzShkRWxzn/IL7Hp1"
    ),
    (
      "sha256-crypt 5000 rounds",
      "$5$00A6waOqbmEkZ5ad$jIfguvsS.BzOX7t2bpCev7MHJa3VjYv3OnpfXl94S69"
    ),
    ("yescrypt j9T", "$y$j9T$yniDhDvEI5qZr6b4komsx1$12ML17/b8iUr8Djg.xlowr0R/sCIgve4vvXR0fq.lHB"),
    (
      "django pbkdf2_sha256 260000",
      "pbkdf2_sha256$260000$LhboQsBzxdx3$QcqErCs2HfURtKDmqnty2yOEJfO92qwoIO9gqvqXdjk="
    ),
    (
      "django bcrypt_sha256 cost 10",
      "bcrypt_sha256$$2b$10$cdHp.vvR4zmOoVWhqJAojeRqTD1/lnbcizE.oloEfK92l9VWLDoW2"
    ),
    (
      "django argon2id m=32768,t=2,p=8",
      "argon2$argon2id$v=19$m=32768,t=2,p=8$1ToHAKD0nvOes/Y+p9R6rw$ZauBYsSckR51iIYsjlya7H7PDMyrDvXxkW6Ut7sPkao"
    ),
  ]

  /// Two rows per scheme, each of `repetitions` pairs of single sign-ins: padded by the
  /// time the process measured for a verify at the current cost (`attempts`, whose hasher
  /// runs the unknown names' verifies), and as in a new process, which has measured none
  /// (`freshAttempts`): beside a verify at the current cost for a processor-bound scheme,
  /// by the rate table for a memory-bound one.
  static func run(
    store: SQLiteAuthStore, attempts: Attempts, freshAttempts: Attempts, repetitions: Int,
    unknownName: @escaping () async throws -> Double, costText: String
  ) async throws -> [FigureResult] {
    var results: [FigureResult] = []
    for (index, fixture) in hashes.enumerated() {
      let name = "benchlegacy\(index)"
      guard let username = Username.validate(name).asValidated else {
        throw BenchError(description: "a benchmark account name is invalid")
      }
      _ = try await store.write {
        try $0.insertUser(username: username, passwordHash: fixture.hash, at: Date())
      }
      let ways = [
        ("measured time", attempts, "then padded to the time the process measured"),
        (
          "new process", freshAttempts,
          "in a new process: beside a verify at the current cost (bcrypt, SHA-crypt, PBKDF2) "
            + "or padded by the rate table (yescrypt, Argon2)"
        ),
      ]
      for (padding, measuring, how) in ways {
        let samples = try await PairedRuns.run(
          repetitions: repetitions, baseline: unknownName,
          subject: {
            try await measuring.milliseconds(1, succeeding: false) { _ in
              SignInRequest(username: name, password: "a wrong password of fair length")
            }
          })
        results.append(
          FigureResult(
            figure: 5, title: "\(fixture.label), \(padding) vs unknown user",
            database: "WAL file",
            subjectLabel: "SignInService.signIn, wrong password, kept \(fixture.label) hash",
            baselineLabel: "SignInService.signIn of a name with no account",
            unit: "ms", higherIsBetter: false, samples: samples, goal: .within(0.95, 1.05),
            note: costText + "; verified by its scheme, \(how)"))
      }
    }
    return results
  }
}
