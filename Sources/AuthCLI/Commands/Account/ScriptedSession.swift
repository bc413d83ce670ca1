import AuthCore
import AuthViewModels

/// The signed-in side of scripted commands: the stored token, the composed layers,
/// and what to do when the session turns out to be over.
@MainActor
struct ScriptedSession {
  let root: CompositionRoot
  let token: SessionToken

  /// Opens the existing database and reads this database's session token; exit 77
  /// when there is none.
  static func open(_ context: CommandContext) throws -> ScriptedSession {
    let location = try context.lastingDatabaseLocation()
    let root = try CompositionRoot(
      location: location, access: .existingOnly, environment: context.process.environment)
    guard let token = try root.sessionFile?.read() else { throw CLIError.notSignedIn }
    return ScriptedSession(root: root, token: token)
  }

  /// Forgets a token whose session ended elsewhere (expired, revoked, signed out), and
  /// answers exit 77.
  func endedSession() throws -> Never {
    try root.sessionFile?.remove()
    throw CLIError.notSignedIn
  }

  /// Forgets the token and throws when a view model stepped to "not signed in".
  func checkStillSignedIn(_ stepsToNotSignedIn: Bool) throws {
    if stepsToNotSignedIn { try endedSession() }
  }
}
