import AuthStorage
import Foundation

/// Figure 6: the storage layer's session check on a database with a million users and two
/// million sessions, against C on the same file with SQLite's defaults (goal ≥ 1.2) and with
/// the storage layer's own pragmas (goal ≥ 0.95); and, reported without a goal, how the
/// check grows from a thousand users to a million.
enum ScaleFigure {
  /// Builds both WAL files, then times random checks on each, alternating.
  static func run(context: BenchContext) async throws -> [FigureResult] {
    let options = context.options
    let clock = ContinuousClock()
    let buildStart = clock.now
    let large = try SeededDatabase.make(
      at: context.directory.newDatabasePath("large"), users: options.scaleUsers,
      sessions: options.scaleSessions, passwordHash: context.fillerHash)
    defer { context.directory.remove(database: large.path) }
    let buildSeconds = Stopwatch.seconds(buildStart.duration(to: clock.now))
    let size = (try? FileManager.default.attributesOfItem(atPath: large.path)[.size] as? Int) ?? 0
    context.notes.append(
      "Figure 6: building the large database (\(Format.grouped(large.users)) users, "
        + "\(Format.grouped(large.sessions)) sessions, \(size / 1_048_576) MiB) took "
        + "\(Format.value(buildSeconds)) s (not measured).")
    let small = try SeededDatabase.make(
      at: context.directory.newDatabasePath("small"), users: options.scaleSmallUsers,
      sessions: options.scaleSmallUsers * 2, passwordHash: context.fillerHash)
    defer { context.directory.remove(database: small.path) }

    let largeHashes = try SeededDatabase.hashes(
      of: BenchTokens.sample(count: options.lookups, from: large.sessions, stream: 6),
      using: context.tokens)
    let smallHashes = try SeededDatabase.hashes(
      of: BenchTokens.sample(count: options.lookups, from: small.sessions, stream: 7),
      using: context.tokens)
    let largePair = try SessionCheckPair(seeded: large, kind: .walFile)
    let smallPair = try SessionCheckPair(seeded: small, kind: .walFile)
    let withDefaults = try BaselineLookup(on: try large.openBaseline(settings: .sqliteDefaults))
    let scale = "\(Format.grouped(large.users)) users / \(Format.grouped(large.sessions)) sessions"

    // The storage layer against C on the same file: with SQLite's defaults, then with the
    // storage layer's own settings.
    let againstDefaults = try await PairedRuns.run(
      repetitions: options.repetitions,
      baseline: {
        try SessionCheckFigures.rate(largeHashes.swift.count, context) {
          try withDefaults.lookUp(hashes: largeHashes.packed)
        }
      },
      subject: {
        try await SessionCheckFigures.storageChecks(largePair.store, largeHashes.swift, context)
      })
    let againstSameSettings = try await PairedRuns.run(
      repetitions: options.repetitions,
      baseline: {
        try SessionCheckFigures.rate(largeHashes.swift.count, context) {
          try largePair.baseline.lookUp(hashes: largeHashes.packed)
        }
      },
      subject: {
        try await SessionCheckFigures.storageChecks(largePair.store, largeHashes.swift, context)
      })
    // Growth: the same check on the large file against a small one (times per check).
    let toMicroseconds = { (rate: Double) in 1_000_000 / rate }
    let growth = try await PairedRuns.run(
      repetitions: options.repetitions,
      baseline: {
        toMicroseconds(
          try await SessionCheckFigures.storageChecks(smallPair.store, smallHashes.swift, context))
      },
      subject: {
        toMicroseconds(
          try await SessionCheckFigures.storageChecks(largePair.store, largeHashes.swift, context))
      })
    let cGrowth = try PairedRuns.runSync(
      repetitions: options.repetitions,
      baseline: {
        toMicroseconds(
          try SessionCheckFigures.rate(smallHashes.swift.count, context) {
            try smallPair.baseline.lookUp(hashes: smallHashes.packed)
          })
      },
      subject: {
        toMicroseconds(
          try SessionCheckFigures.rate(largeHashes.swift.count, context) {
            try largePair.baseline.lookUp(hashes: largeHashes.packed)
          })
      })
    let cRatio = Summary(cGrowth.map(\.subject)).median / Summary(cGrowth.map(\.baseline)).median
    let subjectLabel = "storage layer (SQLiteAuthStore.lookUp), \(scale)"
    return [
      FigureResult(
        figure: 6, title: "check at scale vs C, SQLite defaults", database: "WAL file",
        subjectLabel: subjectLabel,
        baselineLabel: "C on the same file with SQLite's defaults (no pragmas)",
        unit: "checks/s", higherIsBetter: true, samples: againstDefaults, goal: .atLeast(1.2),
        note: "random checks; authcli's pragmas: \(Self.pragmaSummary)"),
      FigureResult(
        figure: 6, title: "check at scale vs C, same settings", database: "WAL file",
        subjectLabel: subjectLabel,
        baselineLabel: "C on the same file with the storage layer's pragmas",
        unit: "checks/s", higherIsBetter: true, samples: againstSameSettings,
        goal: .atLeast(0.95), note: "random checks"),
      FigureResult(
        figure: 6, title: "growth, 1M vs 1k users", database: "WAL file",
        subjectLabel: subjectLabel,
        baselineLabel:
          "storage layer, \(Format.grouped(small.users)) users / \(Format.grouped(small.sessions)) sessions",
        unit: "µs/check", higherIsBetter: false, samples: growth, goal: .reported,
        note:
          "reported without a goal; the C baseline's own growth on the same two files is \(Format.ratio(cRatio))"
      ),
    ]
  }

  /// The storage layer's file pragmas on one line, for the report.
  static var pragmaSummary: String {
    SQLiteDatabase.filePragmas.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    .joined(separator: " ")
  }
}
