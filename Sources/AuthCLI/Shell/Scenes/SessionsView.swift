import AuthCore
import AuthViewModels

/// The signed-in user's sessions as a table; type an id to end one, Enter to go back.
struct SessionsView: LineView {
  func interact(
    with scene: SceneDriver<SessionsViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    let outputs = scene.outputs
    var showsList = true
    while true {
      if showsList { render(outputs, on: terminal) }
      showsList = false
      switch terminal.ask("Session ID to revoke, or Enter to go back: ") {
      case .leave: return .dismissed
      case .cancelled: continue
      case .text(let text):
        let word = text.trimmingSpaces.lowercased()
        if word.isEmpty || word == "back" {
          await scene.send(.backTapped)
          return .stepped
        }
        guard let id = Int64(word), id > 0 else {
          terminal.say("Type a session ID from the first column, or press Enter.")
          continue
        }
        await scene.send(.revokeTapped(SessionID(rawValue: id)))
        if scene.hasStepped { return .stepped }
        showsList = true
      }
    }
  }

  private func render(_ outputs: any SessionsViewModelOutputs, on terminal: LineTerminal) {
    terminal.say("")
    if outputs.isLoading { terminal.say("Loading…") }
    if let revoked = outputs.revokedSession {
      terminal.say(terminal.style.success("Revoked session \(revoked)."))
    }
    if let failure = outputs.failure { terminal.say(terminal.style.failure(failure.description)) }
    // The table `sessions list` prints, from the same records.
    let table = outputs.sessions.map(SessionListEntry.init).text(style: terminal.style)
    terminal.say(table, terminator: "")
  }
}
