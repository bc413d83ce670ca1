import AuthCore
import AuthCrypto
import AuthStorage

/// Figures 1 and 2: the session check through the storage layer, and through the
/// current-session use case (token hashing included), each against the C baseline.
enum SessionCheckFigures {
  /// Runs the chosen figures (1, 2 or both) on memory and on a WAL file.
  static func run(figures: Set<Int>, context: BenchContext) async throws -> [FigureResult] {
    let options = context.options
    let seeded = try SeededDatabase.make(
      at: context.directory.newDatabasePath("sessions"), users: options.users,
      sessions: options.users * 2, passwordHash: context.fillerHash)
    let indexes = BenchTokens.sample(count: options.lookups, from: seeded.sessions, stream: 1)
    let hashes = try SeededDatabase.hashes(of: indexes, using: context.tokens)
    let tokens = indexes.map(BenchTokens.token)
    let packedTokens = tokens.flatMap { $0.rawValue.utf8.map { CChar(bitPattern: $0) } }
    var results: [FigureResult] = []
    for kind in DatabaseKind.allCases {
      let pair = try SessionCheckPair(seeded: seeded, kind: kind)
      let size =
        "\(Format.grouped(seeded.users)) users, \(Format.grouped(seeded.sessions)) sessions"
      if figures.contains(1) {
        let samples = try await PairedRuns.run(
          repetitions: options.repetitions,
          baseline: {
            try rate(hashes.packed.count / 32, context) {
              try pair.baseline.lookUp(hashes: hashes.packed)
            }
          },
          subject: { try await storageChecks(pair.store, hashes.swift, context) })
        results.append(
          FigureResult(
            figure: 1, title: "session check, storage layer", database: kind.label,
            subjectLabel: "SQLiteAuthStore.lookUp + authenticatedSession(tokenHash:)",
            baselineLabel: "C: sqlite3_step on one reused prepared statement",
            unit: "checks/s", higherIsBetter: true, samples: samples, goal: .atLeast(0.9),
            note: "\(size), \(Format.grouped(options.lookups)) random checks per batch"))
      }
      if figures.contains(2) {
        // A session check hashes no password: the hasher is wired but never called.
        let service = AuthServices(
          store: pair.store, hasher: try Argon2idHasher(cost: .minimum), tokens: context.tokens,
          clock: FixedClock(time: seeded.time.addingTimeInterval(1))
        ).sessions
        let samples = try await PairedRuns.run(
          repetitions: options.repetitions,
          baseline: {
            try rate(tokens.count, context) { try pair.baseline.lookUp(tokens: packedTokens) }
          },
          subject: { try await useCaseChecks(service, tokens, context) })
        results.append(
          FigureResult(
            figure: 2, title: "session check, use case", database: kind.label,
            subjectLabel:
              "SessionService.currentSession(token:) (hash, lookup, constant-time check)",
            baselineLabel: "C: base64url decode + crypto_generichash + the same statement",
            unit: "checks/s", higherIsBetter: true, samples: samples, goal: .atLeast(0.95),
            note: "\(size); the clock is fixed so no check renews (writes) its session"))
      }
    }
    context.directory.remove(database: seeded.path)
    return results
  }

  /// Checks per second of `work`, which performs `count` checks and returns their checksum.
  static func rate(
    _ count: Int, _ context: BenchContext, _ work: () throws -> Int64
  ) throws
    -> Double
  {
    let clock = ContinuousClock()
    let start = clock.now
    let sum = try work()
    let seconds = Stopwatch.seconds(start.duration(to: clock.now))
    context.checksum.add(sum)
    return Double(count) / seconds
  }

  /// Checks per second through the storage layer, one lookup (a lone statement) per check.
  static func storageChecks(
    _ store: SQLiteAuthStore, _ hashes: [TokenHash], _ context: BenchContext
  ) async throws -> Double {
    try await checkRate(hashes, context) { hash in
      try await store.lookUp({ try $0.authenticatedSession(tokenHash: hash) })
    }
  }

  /// Checks per second through `SessionService.currentSession(token:)`.
  static func useCaseChecks(
    _ service: SessionService, _ tokens: [SessionToken], _ context: BenchContext
  ) async throws -> Double {
    try await checkRate(tokens, context) { try await service.currentSession(token: $0) }
  }

  /// Checks per second of `check`, once for each of `keys`, each of which must find its
  /// session; what it finds goes into the checksum. Always inlined, so that the timed loop
  /// is each figure's own code: what it adds to a loop written out there is the call of the
  /// check's closure, some 16 instructions a check against some 12,000 in the lookup itself.
  @inline(__always)
  static func checkRate<Key>(
    _ keys: [Key], _ context: BenchContext,
    _ check: (Key) async throws -> AuthenticatedSession?
  ) async throws -> Double {
    let (seconds, sum) = try await Stopwatch.time { () async throws -> Int64 in
      var sum: Int64 = 0
      for key in keys {
        guard let found = try await check(key) else {
          throw BenchError(description: "a benchmark session is missing")
        }
        sum &+=
          found.session.id.rawValue &+ found.user.id.rawValue
          &+ Int64(found.user.username.utf8.count)
      }
      return sum
    }
    context.checksum.add(sum)
    return Double(keys.count) / seconds
  }
}
