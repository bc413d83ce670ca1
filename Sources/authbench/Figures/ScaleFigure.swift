import AuthStorage
import Foundation

/// Figure 6: the storage layer's session check on a database with a million users and
/// two million sessions against one with a thousand users: how lookups scale.
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
    let toMicroseconds = { (rate: Double) in 1_000_000 / rate }

    let samples = try await PairedRuns.run(
      repetitions: options.repetitions,
      baseline: {
        toMicroseconds(
          try await SessionCheckFigures.storageChecks(smallPair.store, smallHashes.swift, context))
      },
      subject: {
        toMicroseconds(
          try await SessionCheckFigures.storageChecks(largePair.store, largeHashes.swift, context))
      })
    let reference = try PairedRuns.runSync(
      repetitions: options.repetitions,
      baseline: {
        toMicroseconds(
          try SessionCheckFigures.rate(options.lookups, context) {
            try smallPair.baseline.lookUp(hashes: smallHashes.packed)
          })
      },
      subject: {
        toMicroseconds(
          try SessionCheckFigures.rate(options.lookups, context) {
            try largePair.baseline.lookUp(hashes: largeHashes.packed)
          })
      })
    let cRatio =
      Summary(reference.map(\.subject)).median / Summary(reference.map(\.baseline)).median
    return [
      FigureResult(
        figure: 6, title: "session check at scale", database: "WAL file",
        subjectLabel:
          "storage layer, \(Format.grouped(large.users)) users / \(Format.grouped(large.sessions)) sessions",
        baselineLabel:
          "storage layer, \(Format.grouped(small.users)) users / \(Format.grouped(small.sessions)) sessions",
        unit: "µs/check", higherIsBetter: false, samples: samples, goal: .atMost(1.3),
        note:
          "random checks; the C baseline's own ratio on the same two files is \(Format.ratio(cRatio))"
      )
    ]
  }
}
