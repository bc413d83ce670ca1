import AuthCore
import AuthCrypto
import AuthStorage
import CBaseline
import Foundation

/// Figures 4 and 5: a whole sign-in through the use case against one bare
/// `crypto_pwhash_str_verify` at the same cost, and an unknown user against a wrong password.
enum SignInFigures {
  private static let password = "correct horse battery staple 42"
  private static let accountName = "benchaccount"
  private static let cheapAccountName = "benchcheaphash"
  private static let damagedAccountName = "benchdamagedhash"

  /// Runs the chosen figures (4, 5 or both) on a WAL file, as authcli signs in.
  static func run(figures: Set<Int>, context: BenchContext) async throws -> [FigureResult] {
    let options = context.options
    let cost = CostName.cost(options.cost)
    let hasher = try Argon2idHasher(cost: cost)
    let seeded = try SeededDatabase.make(
      at: context.directory.newDatabasePath("signin"), users: 1_000, sessions: 2_000,
      passwordHash: context.fillerHash)
    defer { context.directory.remove(database: seeded.path) }
    let store = try seeded.openStore()
    let hash = try hasher.hash(Password(password))
    guard let account = Username.validate(accountName).asValidated else {
      throw BenchError(description: "the benchmark account name is invalid")
    }
    // A dormant account whose hash predates the current cost (made at libsodium's minimum),
    // and one whose stored hash asks for far more than the current cost (8 times its
    // memory; written, never hashed, since it is refused unrun).
    let cheapHash = try Argon2idHasher(cost: .minimum).hash(Password(password))
    let damagedHash =
      "$argon2id$v=19$m=\(cost.memLimit / 1024 * 8),t=\(cost.opsLimit),p=1"
      + "$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"
    guard let cheapAccount = Username.validate(cheapAccountName).asValidated,
      let damagedAccount = Username.validate(damagedAccountName).asValidated
    else { throw BenchError(description: "a benchmark account name is invalid") }
    _ = try await store.write {
      _ = try $0.insertUser(username: cheapAccount, passwordHash: cheapHash, at: Date())
      _ = try $0.insertUser(username: damagedAccount, passwordHash: damagedHash, at: Date())
      return try $0.insertUser(username: account, passwordHash: hash, at: Date())
    }
    let service = AuthServices(
      store: store, hasher: hasher, tokens: context.tokens, clock: SystemClock(),
      legacyVerifier: try LegacyHashVerifier(timingBeside: hasher)
    ).signIn
    let costName = "Argon2id \(options.cost) (m=\(cost.memLimit / 1024) KiB, t=\(cost.opsLimit))"
    let costText = costName + ", \(options.signInsPerRepetition) per repetition"
    let attempts = Attempts(service: { service }, store: store, context: context)
    var results: [FigureResult] = []
    if figures.contains(4) {
      let samples = try await PairedRuns.run(
        repetitions: options.repetitions,
        baseline: { try bareVerify(hash, options.signInsPerRepetition, context) },
        subject: {
          try await attempts.milliseconds(options.signInsPerRepetition, succeeding: true) { _ in
            SignInRequest(username: accountName, password: password)
          }
        })
      results.append(
        FigureResult(
          figure: 4, title: "sign-in vs bare verify", database: "WAL file",
          subjectLabel: "SignInService.signIn (throttle, verify, session, audit)",
          baselineLabel: "C: crypto_pwhash_str_verify of the same hash",
          unit: "ms", higherIsBetter: false, samples: samples, goal: .atMost(1.05),
          note: costText))
    }
    if figures.contains(5) {
      // Single sign-ins alternate: Argon2id's speed, bound by memory, drifts over seconds on
      // a shared machine, so blocks of several sign-ins would compare different moments.
      let pairs = options.repetitions * options.signInsPerRepetition
      let pairText = costName + ", \(pairs) single sign-ins each, alternating"
      let samples = try await PairedRuns.run(
        repetitions: pairs,
        baseline: {
          try await attempts.milliseconds(1, succeeding: false) { _ in
            SignInRequest(username: accountName, password: "a wrong password of fair length")
          }
        },
        subject: {
          try await attempts.milliseconds(1, succeeding: false) {
            number in
            SignInRequest(username: "nobody\(number)", password: password)
          }
        })
      results.append(
        FigureResult(
          figure: 5, title: "unknown user vs wrong password", database: "WAL file",
          subjectLabel: "SignInService.signIn of a name with no account",
          baselineLabel: "SignInService.signIn of an account with a wrong password",
          unit: "ms", higherIsBetter: false, samples: samples, goal: .within(0.95, 1.05),
          note: pairText + "; the throttle is cleared between attempts, outside the timing"))
      let unknownName: () async throws -> Double = {
        try await attempts.milliseconds(1, succeeding: false) {
          number in
          SignInRequest(username: "nobody\(number)", password: password)
        }
      }
      let cheaper = try await PairedRuns.run(
        repetitions: pairs, baseline: unknownName,
        subject: {
          try await attempts.milliseconds(1, succeeding: false) { _ in
            SignInRequest(username: cheapAccountName, password: "a wrong password of fair length")
          }
        })
      results.append(
        FigureResult(
          figure: 5, title: "cheaper stored hash vs unknown user", database: "WAL file",
          subjectLabel: "SignInService.signIn, wrong password, hash stored at the minimum cost",
          baselineLabel: "SignInService.signIn of a name with no account",
          unit: "ms", higherIsBetter: false, samples: cheaper, goal: .within(0.95, 1.05),
          note: pairText + "; the cheap verify is padded to the current cost's time"))
      let damaged = try await PairedRuns.run(
        repetitions: pairs, baseline: unknownName,
        subject: {
          try await attempts.milliseconds(1, succeeding: false) { _ in
            SignInRequest(username: damagedAccountName, password: password)
          }
        })
      results.append(
        FigureResult(
          figure: 5, title: "far costlier stored hash vs unknown user", database: "WAL file",
          subjectLabel: "SignInService.signIn, hash stored at 8 times the current memory",
          baselineLabel: "SignInService.signIn of a name with no account",
          unit: "ms", higherIsBetter: false, samples: damaged, goal: .within(0.95, 1.05),
          note: pairText + "; refused as damaged: the dummy verify runs instead of the stored one"))
      // A hasher and a service of their own for every attempt, as in a new process: the
      // hasher has timed no verify at the current cost, so a kept hash's wrong password is
      // answered as a `signin` process's only attempt is.
      let freshService = { () throws -> SignInService in
        let freshHasher = try Argon2idHasher(cost: cost)
        return AuthServices(
          store: store, hasher: freshHasher, tokens: context.tokens, clock: SystemClock(),
          legacyVerifier: try LegacyHashVerifier(timingBeside: freshHasher)
        ).signIn
      }
      results += try await LegacyHashFigures.run(
        store: store, attempts: attempts,
        freshAttempts: Attempts(service: freshService, store: store, context: context),
        repetitions: pairs, unknownName: unknownName, costText: pairText)
      results += try await raisedStoreRows(
        store: store, cost: cost, context: context, pairs: pairs, pairText: pairText)
    }
    return results
  }

  /// Figure 5 on a store whose sign-in work is raised to the dearest Django default, as
  /// `users import --raise-sign-in-work` leaves it: the unknown name, a wrong password on an
  /// Argon2id account at the default cost, and one on each Django default, all at that work.
  private static func raisedStoreRows(
    store: SQLiteAuthStore, cost: Argon2Cost, context: BenchContext, pairs: Int,
    pairText: String
  ) async throws -> [FigureResult] {
    let work = LegacyHashFigures.djangoSignInWork
    let raisedHasher = try Argon2idHasher(cost: cost, signInWork: work)
    let raised = AuthServices(
      store: store, hasher: raisedHasher, tokens: context.tokens, clock: SystemClock(),
      legacyVerifier: try LegacyHashVerifier(timingBeside: raisedHasher)
    ).signIn
    let attempts = Attempts(service: { raised }, store: store, context: context)
    let freshService = { () throws -> SignInService in
      let freshHasher = try Argon2idHasher(cost: cost, signInWork: work)
      return AuthServices(
        store: store, hasher: freshHasher, tokens: context.tokens, clock: SystemClock(),
        legacyVerifier: try LegacyHashVerifier(timingBeside: freshHasher)
      ).signIn
    }
    let unknownName: () async throws -> Double = {
      try await attempts.milliseconds(1, succeeding: false) { number in
        SignInRequest(username: "nobody\(number)", password: password)
      }
    }
    let text = pairText + "; the store's sign-in work raised to \(work) KiB × passes"
    let fresh = Attempts(service: freshService, store: store, context: context)
    var results: [FigureResult] = []
    let ways = [
      ("measured time", attempts, "padded to the time the process measured"),
      ("new process", fresh, "in a new process: padded to the time scaled from its own verify"),
    ]
    for (padding, measuring, how) in ways {
      let native = try await PairedRuns.run(
        repetitions: pairs, baseline: unknownName,
        subject: {
          try await measuring.milliseconds(1, succeeding: false) { _ in
            SignInRequest(username: accountName, password: "a wrong password of fair length")
          }
        })
      results.append(
        FigureResult(
          figure: 5, title: "raised store: Argon2id account, \(padding) vs unknown user",
          database: "WAL file",
          subjectLabel: "SignInService.signIn, wrong password, Argon2id at the default cost",
          baselineLabel: "SignInService.signIn of a name with no account",
          unit: "ms", higherIsBetter: false, samples: native, goal: .within(0.95, 1.05),
          note: text + "; the default-cost verify is \(how)"))
    }
    results += try await LegacyHashFigures.run(
      LegacyHashFigures.djangoDefaults, namePrefix: "benchdjango", store: store,
      attempts: attempts, freshAttempts: fresh, repetitions: pairs, unknownName: unknownName,
      costText: text)
    return results
  }

  private static func bareVerify(
    _ hash: String, _ count: Int, _ context: BenchContext
  ) throws
    -> Double
  {
    let bytes = Array(password.utf8CString.dropLast())
    var total = 0.0
    for _ in 0..<count {
      let clock = ContinuousClock()
      let start = clock.now
      let matched = cb_password_verify(hash, bytes, bytes.count)
      total += Stopwatch.seconds(start.duration(to: clock.now))
      guard matched == 1 else { throw BenchError(description: "C: the password did not verify") }
      context.checksum.add(Int64(matched))
    }
    return total / Double(count) * 1000
  }
}

/// Sign-in attempts timed one by one, with the throttle reset between them so that
/// every attempt takes the path of a first try.
struct Attempts {
  /// The use case under test for each attempt: the same one every time, or a new one, as
  /// in a new process (made before the attempt is timed).
  let service: () throws -> SignInService
  /// Its store, for resetting the throttle.
  let store: SQLiteAuthStore
  /// Collects the checksum.
  let context: BenchContext

  /// The mean time in milliseconds of `count` sign-ins made from `request(number)`.
  func milliseconds(
    _ count: Int, succeeding: Bool, _ request: (Int) -> SignInRequest
  ) async throws -> Double {
    var total = 0.0
    for _ in 0..<count {
      let number = Int.random(in: 0..<1_000_000)
      let made = request(number)
      let signIn = try service()
      let (seconds, outcome) = try await Stopwatch.time {
        try await signIn.signIn(request: made)
      }
      total += seconds
      switch outcome {
      case .valid(let session) where succeeding:
        context.checksum.add(session.authenticated.session.id.rawValue)
      case .invalid(let message, _) where !succeeding:
        context.checksum.add(Int64(message.utf8.count))
      default:
        throw BenchError(description: "a benchmark sign-in ended otherwise than planned")
      }
      let name = Username.canonicalize(made.username)
      try await store.write { try $0.clearThrottleState(for: name) }
    }
    return total / Double(count) * 1000
  }
}
