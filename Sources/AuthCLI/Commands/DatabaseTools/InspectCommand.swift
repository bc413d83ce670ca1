import AuthCrypto
import CommandLineKit

/// `authcli inspect`: everything the engine reports, never creating or writing.
@MainActor
struct InspectCommand {
  let context: CommandContext

  func run() throws {
    let inspection = try context.databaseTools().inspect()
    // The cost new hashes get, which the store's sign-in work is never below.
    let cost =
      (try? HashingCost.from(environment: context.process.environment)) ?? .interactive
    let defaultWork = cost.memLimit / 1024 * Int(cost.opsLimit)
    try context.print(
      InspectOutput(
        schema: SchemaFacts(inspection.schema, defaultSignInWork: defaultWork),
        engine: inspection.engineFacts, passes: Int(cost.opsLimit)))
    if let problem = inspection.problem { throw problem }
  }
}

extension InspectCommand {
  static let declaration: Subcommand = Subcommand(
    "inspect", abstract: "Report on the database: schema, tables, sessions, integrity.",
    discussion: """
      Reads the database without changing it; exits 66 when the file does not exist and
      65 when the integrity check fails.
      """
  ) { context in
    try InspectCommand(context: context).run()
  }
}
