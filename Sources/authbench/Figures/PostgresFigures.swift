import AuthCore
import AuthPostgres
import CPostgresBaseline
import Foundation

/// Figures 7 and 8, on PostgreSQL: the session check through the adapter against the very
/// same prepared statement through bare libpq from C, and sign-ups per second with 8
/// client processes against 1 (reported, no goal: it says what the machine's cores allow).
///
/// The server is `AUTHCLI_BENCH_POSTGRES` when set; otherwise a throwaway one is started
/// (`script/postgres`, as the tests do) and removed at the end.
enum PostgresFigures {
  static func run(figures: Set<Int>, context: BenchContext) async throws -> [FigureResult] {
    let server = try BenchPostgres(directory: context.directory.path)
    defer { server.stop() }
    context.notes.append("PostgreSQL: \(server.description)")
    var results: [FigureResult] = []
    if figures.contains(7) { results.append(try await sessionCheck(server, context)) }
    if figures.contains(8) { results.append(try await signUps(server, context)) }
    return results
  }

  /// Figure 7.
  static func sessionCheck(
    _ server: BenchPostgres, _ context: BenchContext
  ) async throws
    -> FigureResult
  {
    let options = context.options
    let target = try server.freshSchema()
    // A long-lived process on a direct connection, as the C program is: statements prepared
    // once per connection, as the C program prepares its one.
    let store = try PostgresAuthStore.open(target, statements: .prepared)
    let seeding = try PostgresConnection.connect(target.connectionString, target: "seeding")
    // Nobody signs in as the filler accounts: any unique name_hash serves.
    try seeding.execute(
      """
      INSERT INTO users (username, name_hash, password_hash, created_at, updated_at)
      SELECT 'user' || g, pg_catalog.encode(pg_catalog.sha256(pg_catalog.int8send(g)), 'hex'),
        \(context.fillerHash), 0, 0
      FROM generate_series(1, \(options.users)) AS g
      """)
    try seeding.execute(
      """
      INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
      SELECT sha256(int8send(g)), (g - 1) % \(options.users) + 1, 0, 0, 9000000000000000
      FROM generate_series(1, \(options.users) * 2) AS g
      """)
    try seeding.executeScript("ANALYZE")
    let stored = try seeding.query("SELECT token_hash FROM sessions") {
      row throws(PostgresError) in try row.decode([UInt8].self, "token_hash")
    }
    var generator = SystemRandomNumberGenerator()
    let sample = (0..<options.lookups).map { _ in
      stored[Int.random(in: 0..<stored.count, using: &generator)]
    }
    let hashes = sample.map(TokenHash.init(rawValue:))
    let packed = [UInt8](sample.joined())
    var error = [CChar](repeating: 0, count: 512)
    guard
      let baseline = cpb_lookup_open(
        target.connectionString, PostgresAuthStore.sessionLookupSQL, &error, error.count)
    else {
      let end = error.firstIndex(of: 0) ?? error.endIndex
      throw BenchError(
        description: "libpq baseline: "
          + String(decoding: error[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    defer { cpb_lookup_close(baseline) }
    let samples = try await PairedRuns.run(
      repetitions: options.repetitions,
      baseline: {
        try SessionCheckFigures.rate(hashes.count, context) {
          let sum = cpb_lookup_many(baseline, packed, hashes.count)
          guard sum >= 0 else { throw BenchError(description: "a libpq lookup failed") }
          return sum
        }
      },
      subject: { try await checks(store, hashes, context) })
    return FigureResult(
      figure: 7, title: "session check, PostgreSQL adapter", database: "PostgreSQL",
      subjectLabel: "PostgresAuthStore.read + authenticatedSession(tokenHash:)",
      baselineLabel: "C: PQexecPrepared on the same prepared statement, binary in and out",
      unit: "checks/s", higherIsBetter: true, samples: samples, goal: .atLeast(0.9),
      note:
        "\(Format.grouped(options.users)) users, \(Format.grouped(options.users * 2)) sessions,"
        + " \(Format.grouped(options.lookups)) random checks per batch, Unix socket")
  }

  /// Checks per second through the adapter, one read per check.
  static func checks(
    _ store: PostgresAuthStore, _ hashes: [TokenHash], _ context: BenchContext
  ) async throws -> Double {
    try await SessionCheckFigures.checkRate(hashes, context) { hash in
      try await store.read({ try $0.authenticatedSession(tokenHash: hash) })
    }
  }

  /// Figure 8.
  static func signUps(
    _ server: BenchPostgres, _ context: BenchContext
  ) async throws
    -> FigureResult
  {
    let binary = try authcliBinary()
    let target = try server.freshSchema()
    let perClient = context.options.signUpsPerClient
    let stateRoot = context.directory.path
    let database = target.connectionString
    var round = 0
    func rate(clients: Int) async throws -> Double {
      round += 1
      let names = (0..<clients).map { client in
        (0..<perClient).map { "bench\(round)-\(client)-\($0)" }
      }
      let clock = ContinuousClock()
      let start = clock.now
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (client, batch) in names.enumerated() {
          group.addTask {
            for name in batch {
              try await signUp(
                binary: binary, database: database, name: name,
                state: stateRoot + "/state-\(client)")
            }
          }
        }
        try await group.waitForAll()
      }
      return Double(clients * perClient) / Stopwatch.seconds(start.duration(to: clock.now))
    }
    let samples = try await PairedRuns.run(
      repetitions: context.options.repetitions,
      baseline: { try await rate(clients: 1) }, subject: { try await rate(clients: 8) })
    return FigureResult(
      figure: 8, title: "sign-ups, PostgreSQL, 8 client processes", database: "PostgreSQL",
      subjectLabel: "8 authcli processes signing up at once",
      baselineLabel: "1 authcli process signing up", unit: "sign-ups/s", higherIsBetter: true,
      samples: samples, goal: .reported,
      note:
        "\(perClient) sign-ups per client per repetition, whole processes (start-up included),"
        + " Argon2id at the minimum cost so the database's share shows")
  }

  /// One `authcli signup` run to its end; throws unless it exits 0.
  static func signUp(binary: String, database: String, name: String, state: String) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--db", database, "signup", "--username", name, "--password-stdin"]
    process.environment = [
      // The throwaway server holds nothing but these accounts, so the test-only cost is
      // allowed for it, as the test suites allow it.
      "AUTHCLI_ARGON2": "minimum", "AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST": "1",
      "XDG_STATE_HOME": state, "HOME": state, "PATH": "/usr/bin:/bin",
    ]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let status = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Int32, any Error>) in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
        let password = "a long enough benchmark pass phrase\n"
        input.fileHandleForWriting.write(Data((password + password).utf8))
        try? input.fileHandleForWriting.close()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    guard status == 0 else { throw BenchError(description: "authcli signup exited \(status)") }
  }

  /// The `authcli` built beside this benchmark.
  static func authcliBinary() throws -> String {
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let candidate = me.deletingLastPathComponent().appendingPathComponent("authcli").path
    guard FileManager.default.isExecutableFile(atPath: candidate) else {
      throw BenchError(description: "figure 8 runs authcli, built beside authbench: \(candidate)")
    }
    return candidate
  }
}

/// The PostgreSQL server of a run: given in `AUTHCLI_BENCH_POSTGRES`, or a throwaway one.
final class BenchPostgres: CustomStringConvertible {
  let uri: String
  private let folder: String?

  /// Uses the given server, or starts one in `directory`.
  init(directory: String) throws {
    if let given = ProcessInfo.processInfo.environment["AUTHCLI_BENCH_POSTGRES"], !given.isEmpty {
      uri = given
      folder = nil
      return
    }
    let folder = directory + "/postgres"
    guard FileManager.default.isExecutableFile(atPath: Self.script) else {
      throw BenchError(
        description: "no server given (AUTHCLI_BENCH_POSTGRES) and no \(Self.script) to start one")
    }
    guard system("'\(Self.script)' start '\(folder)' </dev/null >/dev/null") == 0 else {
      throw BenchError(description: "script/postgres could not start a server")
    }
    self.folder = folder
    uri = "postgresql:///authcli?host=\(folder)&user=authcli"
  }

  var description: String {
    folder == nil ? "the server in AUTHCLI_BENCH_POSTGRES" : "a throwaway server (script/postgres)"
  }

  /// A new, empty schema, and a target whose connections use it.
  func freshSchema() throws -> PostgresTarget {
    let schema = "bench_" + UUID().uuidString.prefix(8).lowercased()
    try PostgresConnection.connect(uri, target: "benchmark server")
      .executeScript("CREATE SCHEMA \(schema)")
    let separator = uri.contains("?") ? "&" : "?"
    guard let target = PostgresTarget(uri: uri + separator + "options=-c%20search_path%3D" + schema)
    else { throw BenchError(description: "not a PostgreSQL URI: \(uri)") }
    return target
  }

  /// Stops and deletes a throwaway server; leaves a given one alone.
  func stop() {
    guard let folder else { return }
    _ = system("'\(Self.script)' stop '\(folder)' </dev/null >/dev/null 2>&1")
  }

  private static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("script/postgres").path
}
