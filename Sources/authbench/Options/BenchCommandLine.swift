import CommandLineKit

/// authbench's command line, declared once with the same parser as authcli: the options,
/// the help page and the usage errors all come from these declarations.
enum BenchCommandLine {
  /// What a command line asks for.
  enum Request: Sendable {
    /// Run the benchmarks.
    case run(BenchOptions)
    /// Print the help page.
    case help(String)
  }

  /// Whether the words ask for the measurements or for help.
  enum Action: Sendable {
    case measure
    case help
  }

  private static let defaults = BenchOptions()

  static let figures = Option<[Int]>(
    "figures", short: "f", valueName: "list", help: "Figures to run, for example 1,2,3.",
    defaultValue: "all"
  ) { text throws(InvalidValue) in
    let numbers = text.split(separator: ",").map { Int($0.filter { $0 != " " }) }
    let valid = numbers.compactMap { $0 }.filter { (1...8).contains($0) }
    guard !valid.isEmpty, valid.count == numbers.count else {
      throw InvalidValue("use numbers from 1 to 8, for example 1,2,3")
    }
    return valid
  }
  static let quick = Flag(
    "quick", help: "Smoke run: small sizes, minimum cost, 5 repetitions (sizes given win).")
  static let json = Flag("json", help: "One JSON object on stdout instead of the table.")
  static let repetitions = count(
    "repetitions", short: "r", help: "Repetitions per figure, at least 5.", atLeast: 5,
    default: defaults.repetitions)
  static let lookups = count(
    "lookups", help: "Session checks per batch in figures 1, 2, 6.", default: defaults.lookups)
  static let users = count(
    "users", help: "Users in the database of figures 1 and 2.", default: defaults.users)
  static let bulkUsers = count(
    "bulk-users", help: "Users inserted in one transaction in figure 3.",
    default: defaults.bulkUsers)
  static let signIns = count(
    "sign-ins", help: "Sign-ins per repetition in figures 4 and 5.",
    default: defaults.signInsPerRepetition)
  static let scaleUsers = count(
    "scale-users", help: "Users of the large database in figure 6.", default: defaults.scaleUsers)
  static let scaleSessions = count(
    "scale-sessions", help: "Sessions of the large database in figure 6.",
    default: defaults.scaleSessions)
  static let cost = Option<String>(
    "cost", valueName: "name",
    help: "Argon2id cost for figures 4 and 5 (interactive is authcli's default).",
    defaultValue: defaults.cost, choices: CostName.all)
  static let directory = Option<String>(
    "directory", valueName: "path", help: "Where temporary databases go.",
    defaultValue: "a new temporary folder", completion: .directories)

  static let tool = ToolDeclaration<Action>(
    root: CommandDeclaration(
      "authbench",
      abstract: """
        Measures authcli's layers against the same work done with the raw sqlite3 and \
        libsodium C APIs in the same run, and prints each ratio with its goal.
        """,
      discussion: """
        FIGURES:
          1  session check, storage layer vs C (memory and WAL file)   goal >= 0.9
          2  session check, use case with token hashing, vs C          goal >= 0.9
          3  bulk sign-up storage path, one transaction, vs C          goal >= 0.9
          4  sign-in use case vs one bare crypto_pwhash_str_verify     goal <= 1.05
          5  sign-in of an unknown user vs a wrong password (medians)  goal 0.95-1.05
          6  session check, 1M users and 2M sessions vs 1,000 users    goal <= 1.3
          7  session check, PostgreSQL adapter vs the same statement   goal >= 0.9
             through bare libpq from C
          8  sign-ups/s on PostgreSQL, 8 authcli processes vs 1        reported

        Figures 7 and 8 use the server in AUTHCLI_BENCH_POSTGRES (a libpq URI), or start a
        throwaway one with script/postgres and remove it at the end.

        Ratios compare medians measured in the same run, baseline and subject alternating.
        Build in release mode (swift run -c release authbench): a debug build measures
        nothing worth reading.
        """,
      options: [
        figures, quick, json, repetitions, lookups, users, bulkUsers, signIns, scaleUsers,
        scaleSessions, cost, directory,
      ],
      subcommands: [CommandDeclaration("help", abstract: "Show this help.", action: .help)],
      action: .measure),
    hasVersion: false)

  /// Reads the arguments after the program's name. `--quick` applies first wherever it
  /// stands, so that explicit sizes given with it win.
  static func parse(_ arguments: [String]) throws(UsageError) -> Request {
    let parsed = try tool.parse(arguments)
    guard case .run(.measure) = parsed.request else {
      return .help(tool.helpPage(for: [tool.root]))
    }
    let values = parsed.values
    var options = BenchOptions()
    if values[quick] { options.applyQuick() }
    options.json = values[json]
    options.figures = values[figures] ?? options.figures
    options.repetitions = values[repetitions] ?? options.repetitions
    options.lookups = values[lookups] ?? options.lookups
    options.users = values[users] ?? options.users
    options.bulkUsers = values[bulkUsers] ?? options.bulkUsers
    options.signInsPerRepetition = values[signIns] ?? options.signInsPerRepetition
    options.scaleUsers = values[scaleUsers] ?? options.scaleUsers
    options.scaleSessions = values[scaleSessions] ?? options.scaleSessions
    options.cost = values[cost] ?? options.cost
    options.directory = values[directory] ?? options.directory
    return .run(options)
  }

  /// A whole-number option (`100_000` reads as 100000).
  private static func count(
    _ name: String, short: Character? = nil, help: String, atLeast minimum: Int = 1,
    default value: Int
  ) -> Option<Int> {
    Option(name, short: short, valueName: "n", help: help, defaultValue: String(value)) {
      text throws(InvalidValue) in
      guard let number = Int(text.filter { $0 != "_" }), number >= minimum else {
        throw InvalidValue("use a whole number of at least \(minimum)")
      }
      return number
    }
  }
}
