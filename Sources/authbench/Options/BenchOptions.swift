/// What to measure and how often, from the command line.
struct BenchOptions: Sendable {
  /// The figures to run, in order.
  var figures: [Int] = Array(1...8)
  /// Whether to print JSON instead of the table.
  var json = false
  /// Times each figure is repeated (at least 5 for a median worth reading).
  var repetitions = 7
  /// Session checks per batch in figures 1, 2 and 6.
  var lookups = 100_000
  /// Users in the database of figures 1 and 2 (two sessions each).
  var users = 10_000
  /// Users inserted in one transaction in figure 3.
  var bulkUsers = 100_000
  /// Sign-ins per repetition in figures 4 and 5.
  var signInsPerRepetition = 4
  /// Users and sessions of the large database in figure 6.
  var scaleUsers = 1_000_000
  /// Sessions of the large database in figure 6.
  var scaleSessions = 2_000_000
  /// Users of the small database in figure 6 (two sessions each).
  var scaleSmallUsers = 1_000
  /// Sign-ups per client process per repetition in figure 8.
  var signUpsPerClient = 6
  /// The Argon2id cost name for figures 4 and 5.
  var cost = "interactive"
  /// Where temporary databases go.
  var directory: String?

  /// A smoke run: every figure, small sizes, the minimum repetitions.
  mutating func applyQuick() {
    repetitions = 5
    lookups = 10_000
    users = 1_000
    bulkUsers = 10_000
    signInsPerRepetition = 1
    signUpsPerClient = 3
    scaleUsers = 20_000
    scaleSessions = 40_000
    scaleSmallUsers = 1_000
    cost = "minimum"
  }
}
