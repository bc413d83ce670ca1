import AuthCore
import AuthViewModels

/// What `signin` and `signup` do once their view model stepped with a new session, in one
/// place so that both keep a session the same way.
@MainActor
enum StartedSession {
  /// The composition root of a command that starts a session, the session file's folder
  /// ready before anything is asked, so a folder that cannot hold the token fails first.
  static func openRoot(
    _ location: DatabaseLocation, access: CompositionRoot.Access, context: CommandContext
  ) throws -> CompositionRoot {
    let root = try CompositionRoot(
      location: location, access: access, environment: context.process.environment)
    try root.sessionFile?.prepareFolder()
    return root
  }

  /// Ends the session the state file held, stores the new token in its place, and reports
  /// the new session as `answer` words it (and, on standard error, whose session was ended
  /// when it was another user's).
  ///
  /// Replacing the file forgets the old token, so that session would stay valid (until its
  /// idle limit) with no one holding it; it is ended instead, before the new token is
  /// written. Best effort: a session already over, or any failure, leaves the new one standing.
  static func keep(
    _ session: NewSession, in root: CompositionRoot, context: CommandContext,
    answer: SessionStarted.Answer
  ) async throws {
    let sessions = root.useCases.sessions
    var endedUsername: String? = nil
    if let file = root.sessionFile, let previous = try? file.read() {
      // Whose it was, to say so below; a session already over names no one.
      endedUsername = try? await sessions.currentSession(token: previous).user.username
      try? await sessions.signOut(token: previous)
    }
    do {
      try root.sessionFile?.write(session.token)
    } catch {
      // Nobody would hold this session's token: it is ended before the error is reported,
      // so no valid session is left that no one can sign out of.
      try? await sessions.signOut(token: session.token)
      throw error
    }
    try context.print(SessionStarted(session.authenticated, answer: answer))
    // One session per database on this device: another user's ends here. Said on standard
    // error, so what scripts read on standard output stays as it was.
    if let endedUsername, endedUsername != session.authenticated.user.username {
      context.note("Ended \(TerminalText.visible(endedUsername))'s session here.")
    }
  }
}
