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

  /// The default hashes of Django 4.2 to 5.2 (Django 5.2's `make_password`, each hasher at
  /// its own default; the PBKDF2 counts of earlier releases through Django's own class with
  /// its `iterations` set), for another password: most cost more than the default work, so
  /// their rows run on a store whose sign-in work is raised to the dearest.
  static let djangoDefaults: [(label: String, hash: String)] = [
    (
      "django 5.2 pbkdf2_sha256 1000000",
      "pbkdf2_sha256$1000000$64BsMVLdxe4aYqMWVQFKZc$kwLOq6YNyPSssZWZPXyaa0MpFQGte6eAgL94ZK9Q4J4="
    ),
    (
      "django 5.1 pbkdf2_sha256 870000",
      "pbkdf2_sha256$870000$dIREWURNITVQSjfCSH9bKa$kbHeaScrd7Mk6hfLDNJ7zA/V5/tA40a7Y/7Hb6Ng5zU="
    ),
    (
      "django 5.0 pbkdf2_sha256 720000",
      "pbkdf2_sha256$720000$dONQA7INe76fidksQSrBDn$2qh/XISKZ/25Li5xz2jHSD6qJivlA94GLiU0nXzEfTw="
    ),
    (
      "django 4.2 pbkdf2_sha256 600000",
      "pbkdf2_sha256$600000$0R6quuPDuIuLA8IjqMdgCq$wVfYIm+WGgHNqTSBYvqaG6DW03bfqRqWroxz0js6JyA="
    ),
    (
      "django bcrypt_sha256 cost 12",
      "bcrypt_sha256$$2b$12$Cpd2TK1EuebMRaSSw7VCL.BGd0udfIROsutQUwuPU0UtA4vVKanC2"
    ),
    (
      "django argon2 m=102400,t=2,p=8",
      "argon2$argon2id$v=19$m=102400,t=2,p=8$c0JSeTVKaGZibkltYzRRWU1leWNDcw$F1qo30dUjiCdGRsMqV0TS5XI2IXfzHk8cT7nSCtQdYA"
    ),
    (
      "django scrypt N=2^14,r=8,p=5",
      "scrypt$16384$32pvVMbdnQFq8kb9p817Pb$8$5$q3b/OxnXTIzofVe/0MYGslCOPgT0Tv7BqdcHyggSdIawwWyNPkb5mPL5VZx9ZRZSo+d7MPoCtic1jaokMfBCEg=="
    ),
    (
      "django pbkdf2_sha1 1000000",
      "pbkdf2_sha1$1000000$spVh4D9HNrXfRx8EHD1df6$EX9pmGYIPcX0yWJN87NvQ+Cs/o0="
    ),
  ]

  /// The work the Django defaults need of a store, as `users import --raise-sign-in-work`
  /// sets it: the most one of them needs (its work and the rate table's margin).
  static var djangoSignInWork: Int {
    djangoDefaults.compactMap {
      (try? LegacyPasswordHash(parsing: $0.hash)).map(HashWorkRule.neededSignInWork(for:))
    }.max() ?? 0
  }

  /// Two rows per scheme (`unknownName.bothWays`): padded by the time the process measured
  /// for a verify at the current cost, and as in a new process, which has measured none:
  /// beside a verify at the current cost for a processor-bound scheme, by the rate table for
  /// a memory-bound one.
  static func run(
    _ fixtures: [(label: String, hash: String)] = hashes, namePrefix: String = "benchlegacy",
    store: SQLiteAuthStore, unknownName: UnknownNameRows, costText: String
  ) async throws -> [FigureResult] {
    var results: [FigureResult] = []
    for (index, fixture) in fixtures.enumerated() {
      let name = "\(namePrefix)\(index)"
      guard let username = Username.validate(name).asValidated else {
        throw BenchError(description: "a benchmark account name is invalid")
      }
      _ = try await store.write {
        try $0.insertUser(username: username, passwordHash: fixture.hash, at: Date())
      }
      let verified = costText + "; verified by its scheme, "
      results += try await unknownName.bothWays(
        fixture.label, account: name,
        subjectLabel: "SignInService.signIn, wrong password, kept \(fixture.label) hash",
        notes: (
          measuredTime: verified + "then padded to the time the process measured",
          newProcess: verified
            + "in a new process: beside a verify at the current cost (bcrypt, SHA-crypt, PBKDF2)"
            + " or padded by the rate table (yescrypt, Argon2)"
        ))
    }
    return results
  }
}
