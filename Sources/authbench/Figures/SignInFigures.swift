import AuthCore
import AuthCrypto
import AuthStorage
import CBaseline
import Foundation

/// Figures 4 and 5: a whole sign-in through the use case against one bare
/// `crypto_pwhash_str_verify` at the same cost, and an unknown user against a wrong password.
enum SignInFigures {
  static let password = "correct horse battery staple 42"
  /// What the attempts that must fail on a known account type instead.
  static let wrongPassword = "a wrong password of fair length"
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
    let service = try signInService(store, hasher, context)
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
          try await attempts.failing(accountName, wrongPassword)
        },
        subject: { try await attempts.unknownName(password) })
      results.append(
        FigureResult(
          figure: 5, title: "unknown user vs wrong password", database: "WAL file",
          subjectLabel: "SignInService.signIn of a name with no account",
          baselineLabel: "SignInService.signIn of an account with a wrong password",
          unit: "ms", higherIsBetter: false, samples: samples, goal: .within(0.95, 1.05),
          note: pairText + "; the throttle is cleared between attempts, outside the timing"))
      // A hasher and a service of their own for every attempt, as in a new process: the
      // hasher has timed no verify at the current cost, so a kept hash's wrong password is
      // answered as a `signin` process's only attempt is.
      let freshService = { try signInService(store, Argon2idHasher(cost: cost), context) }
      let unknownName = UnknownNameRows(
        repetitions: pairs, attempts: attempts,
        freshAttempts: Attempts(service: freshService, store: store, context: context))
      results.append(
        try await unknownName.row(
          "cheaper stored hash",
          subjectLabel: "SignInService.signIn, wrong password, hash stored at the minimum cost",
          note: pairText + "; the cheap verify is padded to the current cost's time"
        ) { try await attempts.failing(cheapAccountName, wrongPassword) })
      results.append(
        try await unknownName.row(
          "far costlier stored hash",
          subjectLabel: "SignInService.signIn, hash stored at 8 times the current memory",
          note: pairText + "; refused as damaged: the dummy verify runs instead of the stored one"
        ) { try await attempts.failing(damagedAccountName, password) })
      results += try await LegacyHashFigures.run(
        store: store, unknownName: unknownName, costText: pairText)
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
    let raised = try signInService(store, raisedHasher, context)
    let attempts = Attempts(service: { raised }, store: store, context: context)
    let freshService = {
      try signInService(store, Argon2idHasher(cost: cost, signInWork: work), context)
    }
    let unknownName = UnknownNameRows(
      repetitions: pairs, attempts: attempts,
      freshAttempts: Attempts(service: freshService, store: store, context: context))
    let text = pairText + "; the store's sign-in work raised to \(work) KiB × passes"
    let verify = text + "; the default-cost verify is "
    var results = try await unknownName.bothWays(
      "raised store: Argon2id account", account: accountName,
      subjectLabel: "SignInService.signIn, wrong password, Argon2id at the default cost",
      notes: (
        measuredTime: verify + "padded to the time the process measured",
        newProcess: verify + "in a new process: padded to the time scaled from its own verify"
      ))
    results += try await LegacyHashFigures.run(
      LegacyHashFigures.djangoDefaults, namePrefix: "benchdjango", store: store,
      unknownName: unknownName, costText: text)
    return results
  }

  /// The sign-in use case over `store` with `hasher`, which imported hashes' verifies are
  /// timed beside, as authcli wires it.
  private static func signInService(
    _ store: SQLiteAuthStore, _ hasher: Argon2idHasher, _ context: BenchContext
  ) throws -> SignInService {
    AuthServices(
      store: store, hasher: hasher, tokens: context.tokens, clock: SystemClock(),
      legacyVerifier: try LegacyHashVerifier(timingBeside: hasher)
    ).signIn
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

  /// The time in milliseconds of one sign-in of `username` with `password`, which must fail.
  func failing(_ username: String, _ password: String) async throws -> Double {
    try await milliseconds(1, succeeding: false) { _ in
      SignInRequest(username: username, password: password)
    }
  }

  /// The time in milliseconds of one sign-in of a name no account has, a new one each time.
  func unknownName(_ password: String) async throws -> Double {
    try await milliseconds(1, succeeding: false) { number in
      SignInRequest(username: "nobody\(number)", password: password)
    }
  }
}

/// Figure 5's rows against an unknown name: single sign-ins that fail, alternating with
/// sign-ins of names no account has, which they should take as long as.
struct UnknownNameRows {
  /// Pairs of single sign-ins per row.
  let repetitions: Int
  /// Whose hasher and service the unknown names' sign-ins go through, and the rows padded
  /// by the time this process measured for a verify at the current cost.
  let attempts: Attempts
  /// A hasher and a service new for each attempt, as in a new process, which has measured
  /// none.
  let freshAttempts: Attempts

  /// The row `title` "vs unknown user": `subject` times one sign-in that fails.
  func row(
    _ title: String, subjectLabel: String, note: String,
    subject: () async throws -> Double
  ) async throws -> FigureResult {
    let samples = try await PairedRuns.run(
      repetitions: repetitions,
      baseline: { try await attempts.unknownName(SignInFigures.password) }, subject: subject)
    return FigureResult(
      figure: 5, title: "\(title) vs unknown user", database: "WAL file",
      subjectLabel: subjectLabel, baselineLabel: "SignInService.signIn of a name with no account",
      unit: "ms", higherIsBetter: false, samples: samples, goal: .within(0.95, 1.05), note: note)
  }

  /// The rows `title`, "measured time" (through `attempts`) and "new process" (through
  /// `freshAttempts`), of a wrong password on `account`; `notes` says how each pads.
  func bothWays(
    _ title: String, account: String, subjectLabel: String,
    notes: (measuredTime: String, newProcess: String)
  ) async throws -> [FigureResult] {
    let ways = [
      ("measured time", attempts, notes.measuredTime),
      ("new process", freshAttempts, notes.newProcess),
    ]
    var rows: [FigureResult] = []
    for (padding, measuring, note) in ways {
      rows.append(
        try await row("\(title), \(padding)", subjectLabel: subjectLabel, note: note) {
          try await measuring.failing(account, SignInFigures.wrongPassword)
        })
    }
    return rows
  }
}
