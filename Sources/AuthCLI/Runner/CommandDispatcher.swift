/// Runs a parsed command with its context.
@MainActor
struct CommandDispatcher {
  let invocation: Invocation
  let console: Console
  let process: ProcessContext

  func run() async throws {
    let context = CommandContext(
      options: invocation.options, console: console, process: process)
    switch invocation.command {
    case .help(let topic):
      console.output.write(HelpCatalog.text(for: topic))
    case .version:
      console.output.write(AuthCLIVersion.current + "\n")
    case .inspect: try InspectCommand(context: context).run()
    case .migrate: try MigrateCommand(context: context).apply()
    case .migrationStatus: try MigrateCommand(context: context).status()
    case .listUsers: try UsersCommand(context: context).list()
    default:
      throw CLIError.internalFailure("Not available in this build")
    }
  }
}
