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
    case .addUser(let username, let fromStandardInput):
      try await UserAdministrationCommand(context: context).add(
        username: username, passwordFromStandardInput: fromStandardInput)
    case .showUser(let name): try await UserAdministrationCommand(context: context).show(name)
    case .deleteUser(let name, let confirmed):
      try await UserAdministrationCommand(context: context).delete(name, confirmed: confirmed)
    case .lockUser(let name, let reason):
      try await UserAdministrationCommand(context: context).lock(name, reason: reason)
    case .unlockUser(let name): try await UserAdministrationCommand(context: context).unlock(name)
    case .resetPassword(let name, let fromStandardInput):
      try await UserAdministrationCommand(context: context).resetPassword(
        name, passwordFromStandardInput: fromStandardInput)
    case .verify(let username, let fromStandardInput):
      try await VerifyCommand(
        context: context, username: username, passwordFromStandardInput: fromStandardInput
      ).run()
    case .checkSession: try await SessionMaintenanceCommand(context: context).check()
    case .pruneSessions: try await SessionMaintenanceCommand(context: context).prune()
    case .audit(let selection): try await AuditCommand(context: context, selection: selection).run()
    case .backup(let path): try BackupCommand(context: context, destination: path).run()
    case .adopt: try MigrateCommand(context: context).adopt()
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
