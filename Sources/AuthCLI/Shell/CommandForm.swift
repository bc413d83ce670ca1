import AuthViewModels

/// The prompts of a single command on a terminal (`signup`, `signin`, `passwd`): the fields of the
/// shell's form for the same scene, asked on standard error through the same `FieldAsker`
/// and view model, so a refused field is refused at once and asked again, and a password
/// is asked only after the name passed. `quit` and `exit` are answers here, not a way out.
@MainActor
enum CommandForm {
  /// Whether the command asks its fields this way: on a terminal, with prompting allowed
  /// and no secret expected on standard input. Otherwise the command reads as it always did.
  static func applies(_ context: CommandContext) -> Bool {
    !context.passwordFromStandardInput && !context.options.noInput
      && context.console.inputIsTerminal
  }

  /// Asks `fields` from index `first` on, until the view model accepts each. Ctrl-C throws
  /// `interrupted` (130), the end of input `endOfInput` (66).
  private static func ask<ViewModel: ViewEventHandling>(
    _ fields: [FormField<ViewModel.ViewEvent>], from first: Int,
    scene: SceneDriver<ViewModel>, context: CommandContext
  ) async throws(CLIError) {
    let console = context.console
    let style = Style.decide(
      isTerminal: console.errorsIsTerminal, noColorOption: context.options.noColor,
      environment: context.process.environment)
    let terminal = LineTerminal(
      input: console.input, output: console.errors, style: style, leaveWords: false)
    InterruptTrap.install()
    defer { InterruptTrap.uninstall() }
    let asker = FieldAsker(terminal: terminal, scene: scene, fields: fields)
    switch await asker.ask(Array(fields.indices[first...])) {
    case .accepted: return
    case .cancelled: throw .interrupted
    case .left: throw .endOfInput
    }
  }

  /// Asks the fields as `ask` does, then submits the form. In a form whose first field is
  /// the name (`signup`, `signin`), a name given on the command line is sent first and
  /// refused at once when the view model refuses it (`nameRefusal`).
  static func fill<ViewModel: ViewEventHandling>(
    _ fields: [FormField<ViewModel.ViewEvent>], givenName: String? = nil,
    nameRefusal: () -> FieldError? = { nil }, submit: ViewModel.ViewEvent,
    scene: SceneDriver<ViewModel>, context: CommandContext
  ) async throws(CLIError) {
    if let givenName, let nameField = fields.first {
      await scene.send(nameField.changed(givenName))
      if let refused = nameRefusal() { throw FieldRefusals.error([refused]) }
    }
    try await ask(fields, from: givenName == nil ? 0 : 1, scene: scene, context: context)
    await scene.send(submit)
    await scene.finish()
  }
}
