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

  /// One option and what it sets in `BenchOptions`. A value's default is the one
  /// `BenchOptions` starts with, so it is written there only.
  struct Setting: Sendable {
    /// The option as the declaration lists it.
    let option: any DeclaredOption
    /// Whether it applies before the others (`--quick`), so that values typed with it win.
    let isPreset: Bool
    /// Sets what the option typed asks for.
    let apply: @Sendable (ParsedValues, inout BenchOptions) -> Void

    /// An option with a value that sets `setting` when it is typed.
    static func value<Value>(
      _ setting: WritableKeyPath<BenchOptions, Value> & Sendable,
      _ declare: (Value) -> Option<Value>
    ) -> Setting {
      let option = declare(BenchOptions()[keyPath: setting])
      return Setting(option: option, isPreset: false) { values, options in
        if let value = values.typed(option) { options[keyPath: setting] = value }
      }
    }

    /// A flag that sets `setting` (off when not typed).
    static func flag(
      _ setting: WritableKeyPath<BenchOptions, Bool> & Sendable, _ flag: Flag
    ) -> Setting {
      Setting(option: flag, isPreset: false) { values, options in
        options[keyPath: setting] = values[flag]
      }
    }

    /// A flag that changes several settings at once, before any value typed is applied.
    static func preset(
      _ flag: Flag, _ change: @escaping @Sendable (inout BenchOptions) -> Void
    ) -> Setting {
      Setting(option: flag, isPreset: true) { values, options in
        if values[flag] { change(&options) }
      }
    }
  }

  /// Every option, in the order the help page lists them.
  static let settings: [Setting] = [
    .value(\.figures) { all in
      Option(
        "figures", short: "f", valueName: "list", help: "Figures to run, for example 1,2,3.",
        default: all, shownDefault: "all"
      ) { text throws(InvalidValue) in
        let numbers = text.split(separator: ",").map { Int($0.filter { $0 != " " }) }
        let valid = numbers.compactMap { $0 }.filter { (1...8).contains($0) }
        guard !valid.isEmpty, valid.count == numbers.count else {
          throw InvalidValue("use numbers from 1 to 8, for example 1,2,3")
        }
        return valid
      }
    },
    .preset(
      Flag(
        "quick", help: "Smoke run: small sizes, minimum cost, 5 repetitions (sizes given win).")
    ) { $0.applyQuick() },
    .flag(\.json, Flag("json", help: "One JSON object on stdout instead of the table.")),
    .value(\.repetitions) {
      count(
        "repetitions", short: "r", help: "Repetitions per figure, at least 5.", atLeast: 5,
        default: $0)
    },
    .value(\.lookups) {
      count("lookups", help: "Session checks per batch in figures 1, 2, 6.", default: $0)
    },
    .value(\.users) {
      count("users", help: "Users in the database of figures 1 and 2.", default: $0)
    },
    .value(\.bulkUsers) {
      count("bulk-users", help: "Users inserted in one transaction in figure 3.", default: $0)
    },
    .value(\.signInsPerRepetition) {
      count("sign-ins", help: "Sign-ins per repetition in figures 4 and 5.", default: $0)
    },
    .value(\.scaleUsers) {
      count("scale-users", help: "Users of the large database in figure 6.", default: $0)
    },
    .value(\.scaleSessions) {
      count("scale-sessions", help: "Sessions of the large database in figure 6.", default: $0)
    },
    .value(\.cost) {
      Option(
        "cost", valueName: "name",
        help: "Argon2id cost for figures 4 and 5 (interactive is authcli's default).",
        default: $0, choices: CostName.all)
    },
    .value(\.directory) { _ in
      Option(
        "directory", valueName: "path", help: "Where temporary databases go.",
        shownDefault: "a new temporary folder", completion: .directories)
    },
  ]

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
      options: settings.map(\.option),
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
    var options = BenchOptions()
    for setting in settings where setting.isPreset { setting.apply(parsed.values, &options) }
    for setting in settings where !setting.isPreset { setting.apply(parsed.values, &options) }
    return .run(options)
  }

  /// A whole-number option (`100_000` reads as 100000).
  private static func count(
    _ name: String, short: Character? = nil, help: String, atLeast minimum: Int = 1,
    default value: Int
  ) -> Option<Int> {
    Option(name, short: short, valueName: "n", help: help, default: value) {
      text throws(InvalidValue) in
      guard let number = Int(text.filter { $0 != "_" }), number >= minimum else {
        throw InvalidValue("use a whole number of at least \(minimum)")
      }
      return number
    }
  }
}
