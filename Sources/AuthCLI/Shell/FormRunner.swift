import AuthViewModels

/// One field of a line-mode form.
@MainActor
struct FormField<Event> {
  /// The prompt, such as `Username: `.
  let prompt: String
  /// Whether echo is off while typing.
  let secret: Bool
  /// The view event for the typed text, such as `.usernameChanged`.
  let changed: (String) -> Event
  /// The field's validation message as the view model shows it now, if any.
  let problem: () -> String?
  /// For a confirmation: the field to ask again from when it is refused, since the
  /// mistake may be in the first typing.
  var retryFrom: Int?
  /// How the answer joins the shell's history: a name only once it signs in, since it may
  /// be a passphrase typed into the wrong field.
  var keeping: LineEditor.Keeping = .now
}

/// Runs a form field by field (`FieldAsker`: a refused field's message appears right under
/// its prompt and the field is asked again); then the form is submitted with a loading line, and
/// fields refused by the submit (or the whole form, for a failure) are asked again.
/// The form is over once its view model emits a step.
@MainActor
struct FormRunner<ViewModel: ViewEventHandling> {
  let terminal: LineTerminal
  let scene: SceneDriver<ViewModel>
  let fields: [FormField<ViewModel.ViewEvent>]
  /// The event that submits the form, such as `.signInTapped`.
  let submit: ViewModel.ViewEvent
  /// Shown while the submit runs, such as "Signing in…".
  let loadingText: String
  /// The form's failure message outside the fields, as the view model shows it now.
  let failureMessage: () -> String?

  func run() async -> SceneEnd {
    let asker = FieldAsker(terminal: terminal, scene: scene, fields: fields)
    var toAsk = Array(fields.indices)
    while true {
      guard await asker.ask(toAsk) == .accepted else { return .dismissed }
      terminal.say(loadingText)
      await scene.send(submit)
      if scene.hasStepped { return .stepped }
      let refused = fields.indices.filter { fields[$0].problem() != nil }
      if let first = refused.first {
        toAsk = Array(fields.indices[first...])
        if let problem = fields[first].problem() { terminal.say(LineTerminal.refusal(problem)) }
        continue
      }
      guard let message = failureMessage() else { return .dismissed }
      terminal.say(terminal.style.failure(message))
      toAsk = Array(fields.indices)
    }
  }
}

/// Asks a form's fields one by one until its view model accepts each: a refused field's
/// message appears under its prompt and the field is asked again at once; a refused
/// confirmation goes back to the field it confirms. The shell's forms and the prompts of
/// single commands (`signup`, `signin`, `passwd` on a terminal) ask through it alike.
@MainActor
struct FieldAsker<ViewModel: ViewEventHandling> {
  let terminal: LineTerminal
  let scene: SceneDriver<ViewModel>
  let fields: [FormField<ViewModel.ViewEvent>]

  /// How the asking ended.
  enum End: Equatable {
    /// Every field asked was accepted.
    case accepted
    /// Ctrl-C at a prompt.
    case cancelled
    /// The end of input, or `quit` in the shell.
    case left
  }

  /// Asks the fields at `indices`, in order.
  func ask(_ indices: [Int]) async -> End {
    var toAsk = indices
    var position = 0
    while position < toAsk.count {
      switch await ask(fields[toAsk[position]]) {
      case .accepted: position += 1
      case .stopped(let end): return end
      case .retry(let from):
        toAsk = Array(fields.indices[from...])
        position = 0
      }
    }
    return .accepted
  }

  private enum FieldEnd {
    case accepted
    case stopped(End)
    case retry(from: Int)
  }

  /// Asks until the view model accepts the field, or a refused confirmation sends the
  /// user back to the field it confirms.
  private func ask(_ field: FormField<ViewModel.ViewEvent>) async -> FieldEnd {
    while true {
      switch terminal.ask(field.prompt, secret: field.secret, keeping: field.keeping) {
      case .leave: return .stopped(.left)
      case .cancelled: return .stopped(.cancelled)
      case .text(let text):
        await scene.send(field.changed(text))
        guard let problem = field.problem() else { return .accepted }
        terminal.say(LineTerminal.refusal(problem))
        if let retryFrom = field.retryFrom { return .retry(from: retryFrom) }
      }
    }
  }
}
