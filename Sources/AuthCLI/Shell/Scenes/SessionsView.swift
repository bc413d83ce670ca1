import AuthCore
import AuthViewModels

/// The signed-in user's sessions as a table; type an id to end one, Enter to go back.
struct SessionsView<ViewModel: ViewModelType>: LineView
where ViewModel.Input == SceneInput<SessionsInputs>, ViewModel.Output == SessionsOutputs {
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    let output = viewModel.output
    var showsList = true
    while true {
      if showsList { render(output, on: terminal) }
      showsList = false
      switch terminal.ask("Session ID to revoke, or Enter to go back: ") {
      case .leave: return .dismissed
      case .cancelled: continue
      case .text(let text):
        let word = text.trimmingSpaces.lowercased()
        if word.isEmpty || word == "back" {
          await viewModel.send(.backRequested)
          return .stepped
        }
        guard let id = Int64(word), id > 0 else {
          terminal.say("Type a session ID from the first column, or press Enter.")
          continue
        }
        await viewModel.send(.revokeRequested(SessionID(rawValue: id)))
        if viewModel.navigator.pendingStep != nil { return .stepped }
        showsList = true
      }
    }
  }

  private func render(_ output: SessionsOutputs, on terminal: LineTerminal) {
    terminal.say("")
    if output.isLoading { terminal.say("Loading…") }
    if let revoked = output.revokedSession {
      terminal.say(terminal.style.success("Revoked session \(revoked)."))
    }
    if let message = output.errorMessage { terminal.say(terminal.style.failure(message)) }
    terminal.say(SessionTable.render(output.sessions, style: terminal.style), terminator: "")
  }
}
