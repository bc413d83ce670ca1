import AuthCore
import CommandLineKit

/// `sessions check` (for other programs) and `sessions prune` (for operators): neither
/// reads the state file.
@MainActor
struct SessionMaintenanceCommand {
  let context: CommandContext

  /// Reads one token line, answers its user and session (exit 0) or 77; renews the
  /// session like any other use.
  func check() async throws {
    let location = try context.existingDatabaseLocation()
    let token = try readToken()
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment)
    let found: AuthenticatedSession
    do throws(AuthError) {
      found = try await root.services.sessions.currentSession(
        token: SessionToken(rawValue: String(token.trimmingSpaces)))
    } catch {
      guard error == .notSignedIn else { throw error }
      // The caller is another program holding someone's token, not a person who could
      // sign in here: the answer says what the token is, and where a live one comes from.
      throw ErrorReport(
        kind: .notSignedIn,
        message: "Not signed in: the token is not a live session (unknown, expired or ended).",
        hint: "Its holder gets a new one by signing in again ('authcli signin', then "
          + "'authcli sessions token').")
    }
    try context.print(SessionStarted(found, answer: .checked))
  }

  /// Deletes every expired session, forgotten throttle row and expired device cookie, and
  /// reports the counts.
  func prune() async throws {
    let root = try context.operatorRoot()
    let report = try await root.services.housekeeping.prune()
    let deleted = PrunableCountsOutput(
      expiredSessions: report.expiredSessions, throttleRows: report.forgottenThrottleStates,
      expiredDeviceCookies: report.expiredDeviceCookies)
    try context.print(deleted)
  }

  /// The first line of standard input, with echo off if it is a terminal.
  private func readToken() throws -> String {
    try CredentialReader.secretLine(from: context)
  }
}

extension SessionMaintenanceCommand {
  /// Required, so that every caller's command line says where the token comes from.
  static let tokenStandardInput = Flag(
    "token-stdin", help: "Read the token from the first line of standard input (required).",
    isRequired: true,
    missingMessage: "Pass --token-stdin: 'sessions check' reads the token from standard input")

  static let check: Subcommand = Subcommand(
    "check",
    abstract: "Print the user and session behind a token read from standard input (exit 0, "
      + "or 77 when it is not a live session); counts as a use.",
    options: [tokenStandardInput]
  ) { context in
    try await SessionMaintenanceCommand(context: context).check()
  }

  static let prune: Subcommand = Subcommand(
    "prune",
    abstract: "Delete every expired session, every throttle row that no longer locks "
      + "anything and every expired device cookie, and report the counts."
  ) { context in
    try await SessionMaintenanceCommand(context: context).prune()
  }
}
