import AuthViewModels

/// The home once signed in: who and until when, then Sessions, Change password,
/// Sign out, Sign out everywhere, Quit.
struct AccountView<ViewModel: ViewModelType>: LineView
where ViewModel.Input == SceneInput<AccountInputs>, ViewModel.Output == AccountOutputs {
  private static var menu: Menu<AccountInputs> {
    Menu(
      title: nil,
      entries: [
        ("Sessions", .sessionsRequested), ("Change password", .changePasswordRequested),
        ("Sign out", .signOutRequested), ("Sign out everywhere", .signOutEverywhereRequested),
        ("Quit", .quitRequested),
      ])
  }

  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    let output = viewModel.output
    terminal.say("")
    if output.isLoading { terminal.say("Loading…") }
    if let username = output.username {
      // The name comes from the database file, which is outside this program's control.
      terminal.say(terminal.style.strong("Signed in as \(TerminalText.visible(username))"))
    }
    if let start = output.signedInAt, let end = output.expiresAt {
      terminal.say(
        "Session started \(Timestamp.readable(start)), expires \(Timestamp.readable(end))")
    }
    while true {
      if let message = output.errorMessage { terminal.say(terminal.style.failure(message)) }
      guard let choice = Self.menu.choose(on: terminal) else { return .dismissed }
      if choice == .signOutRequested || choice == .signOutEverywhereRequested {
        terminal.say("Signing out…")
      }
      await viewModel.send(choice)
      if viewModel.navigator.pendingStep != nil {
        if let ended = output.endedSessions {
          terminal.say("Signed out everywhere: \(ended) session\(ended == 1 ? "" : "s") ended.")
        }
        return .stepped
      }
    }
  }
}
