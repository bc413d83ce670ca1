import AuthCore
import AuthStorage
import Foundation

/// Figure 3: the sign-up storage path, many users inserted in one transaction (hashing
/// excluded: every row gets the same ready-made hash), against the C baseline.
enum BulkSignUpFigure {
  /// Runs on memory and on a WAL file; every sample starts from a new, empty database.
  static func run(context: BenchContext) async throws -> [FigureResult] {
    let count = context.options.bulkUsers
    let names = try (1...count).map { number in
      guard let name = Username.validate(BenchNames.user(number)).asValidated else {
        throw BenchError(description: "a benchmark username is invalid")
      }
      return name
    }
    let time = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded() / 1000)
    let milliseconds = Int64((time.timeIntervalSince1970 * 1000).rounded())
    let template = context.directory.newDatabasePath("template")
    _ = try SQLiteAuthStore.open(path: template)
    var results: [FigureResult] = []
    for kind in DatabaseKind.allCases {
      let samples = try await PairedRuns.run(
        repetitions: context.options.repetitions,
        baseline: {
          try baselineInsert(kind, template, count, milliseconds, context)
        },
        subject: {
          try await storageInsert(kind, names, time, context)
        })
      results.append(
        FigureResult(
          figure: 3, title: "bulk sign-up, storage path", database: kind.label,
          subjectLabel: "SQLiteAuthStore.write + insertUser per row",
          baselineLabel: "C: BEGIN IMMEDIATE, one reused INSERT, COMMIT",
          unit: "rows/s", higherIsBetter: true, samples: samples, goal: .atLeast(0.9),
          note: "\(Format.grouped(count)) users in one transaction, a new database each time"))
    }
    context.directory.remove(database: template)
    return results
  }

  private static func storageInsert(
    _ kind: DatabaseKind, _ names: [Username], _ time: Date, _ context: BenchContext
  ) async throws -> Double {
    let path =
      kind == .memory ? SQLiteDatabase.inMemoryPath : context.directory.newDatabasePath("bulk")
    defer { if kind == .walFile { context.directory.remove(database: path) } }
    if kind == .walFile {
      // Made and closed first, as for the baseline: both sides start from a closed file with
      // no WAL, on a connection that has read the schema.
      _ = try SQLiteAuthStore.open(path: path)
    }
    let store = try SQLiteAuthStore.open(path: path)
    let hash = context.fillerHash
    let (seconds, sum) = try await Stopwatch.time {
      try await store.write { users -> Int64 in
        var sum: Int64 = 0
        for name in names {
          sum &+= try users.insertUser(username: name, passwordHash: hash, at: time).id.rawValue
        }
        return sum
      }
    }
    context.checksum.add(sum)
    return Double(names.count) / seconds
  }

  private static func baselineInsert(
    _ kind: DatabaseKind, _ template: String, _ count: Int, _ milliseconds: Int64,
    _ context: BenchContext
  ) throws -> Double {
    let connection: BaselineConnection
    var path: String?
    switch kind {
    case .memory:
      connection = try BaselineConnection(path: ":memory:", isFile: false)
      try connection.copySchema(from: template)
    case .walFile:
      let file = context.directory.newDatabasePath("bulk-c")
      // The storage layer makes the file, so both sides start from the same schema and pragmas.
      _ = try SQLiteAuthStore.open(path: file)
      connection = try BaselineConnection(path: file, isFile: true)
      try connection.execute("SELECT count(*) FROM users")
      path = file
    }
    defer { if let path { context.directory.remove(database: path) } }
    let clock = ContinuousClock()
    let start = clock.now
    try connection.insertUsers(
      first: 1, count: count, passwordHash: context.fillerHash, timeMilliseconds: milliseconds)
    let seconds = Stopwatch.seconds(start.duration(to: clock.now))
    context.checksum.add(Int64(count))
    return Double(count) / seconds
  }
}
