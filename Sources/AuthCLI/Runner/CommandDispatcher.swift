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
    case .signUp(let username, let fromStandardInput):
      try await SignUpCommand(
        context: context, username: username, passwordFromStandardInput: fromStandardInput
      ).run()
    case .signIn(let username, let fromStandardInput):
      try await SignInCommand(
        context: context, username: username, passwordFromStandardInput: fromStandardInput
      ).run()
    case .signOut(let all): try await SignOutCommand(context: context, everywhere: all).run()
    case .whoAmI: try await WhoAmICommand(context: context).run()
    case .changePassword(let fromStandardInput):
      try await ChangePasswordCommand(
        context: context, passwordFromStandardInput: fromStandardInput
      ).run()
    case .listSessions: try await SessionsCommand(context: context).list()
    case .revokeSession(let id): try await SessionsCommand(context: context).revoke(id)
    case .shell: try await ShellCommand(context: context).run()
    }
  }
}
