import AuthViewModels

/// The home once signed in: who and until when, then Sessions, Change password,
/// Sign out, Sign out everywhere, Quit.
struct AccountView: LineView {
  private enum Choice { case sessions, changePassword, signOut, signOutEverywhere, quit }

  private static var menu: Menu<Choice> {
    Menu(
      title: nil,
      entries: [
        ("Sessions", .sessions), ("Change password", .changePassword), ("Sign out", .signOut),
        ("Sign out everywhere", .signOutEverywhere), ("Quit", .quit),
      ])
  }

  func interact(
    with scene: SceneDriver<AccountViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    let outputs = scene.outputs
    terminal.say("")
    if outputs.isLoading { terminal.say("Loading…") }
    if let username = outputs.username {
      // The name comes from the database file, which is outside this program's control.
      terminal.say(terminal.style.strong("Signed in as \(TerminalText.visible(username))"))
    }
    if let start = outputs.signedInAt, let end = outputs.expiresAt {
      terminal.say(
        "Session started \(Timestamp.readable(start)), expires \(Timestamp.readable(end))")
    }
    while true {
      if let failure = outputs.failure {
        terminal.say(terminal.style.failure(failure.description))
      }
      guard let choice = Self.menu.choose(on: terminal) else { return .dismissed }
      switch choice {
      case .sessions: await scene.send(.sessionsTapped)
      case .changePassword: await scene.send(.changePasswordTapped)
      case .quit: await scene.send(.quitTapped)
      case .signOut:
        terminal.say("Signing out…")
        await scene.send(.signOutTapped)
      case .signOutEverywhere:
        terminal.say("Signing out…")
        await scene.send(.signOutEverywhereTapped)
      }
      if scene.hasStepped {
        if let ended = outputs.endedSessions {
          terminal.say("Signed out everywhere: \(ended) session\(ended == 1 ? "" : "s") ended.")
        }
        return .stepped
      }
    }
  }
}
