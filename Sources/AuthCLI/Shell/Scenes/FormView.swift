import AuthViewModels

/// A line-mode form: it says what it asks for, then asks its fields through `FormRunner` until
/// its view model steps or the user leaves. Each form gives only what is its own.
@MainActor
protocol FormView: LineView {
  /// Says what the form asks for, before the first prompt.
  static func introduce(_ outputs: ViewModel.Outputs, on terminal: LineTerminal)
  /// The fields, in the order asked; the subcommand that drives the scene on a terminal asks
  /// the same.
  static func fields(_ outputs: ViewModel.Outputs) -> [FormField<ViewModel.ViewEvent>]
  /// The event that submits the form.
  static var submit: ViewModel.ViewEvent { get }
  /// Shown while the submit runs, such as "Signing in…".
  static var loadingText: String { get }
  /// The form's failure outside its fields, as the outputs show it now.
  static func failureMessage(_ outputs: ViewModel.Outputs) -> String?
}

extension FormView {
  /// Runs the form.
  func interact(with scene: SceneDriver<ViewModel>, on terminal: LineTerminal) async -> SceneEnd {
    await runForm(with: scene, on: terminal)
  }

  /// Says what the form asks for, then asks its fields and submits until the view model steps
  /// or the user leaves.
  func runForm(with scene: SceneDriver<ViewModel>, on terminal: LineTerminal) async -> SceneEnd {
    let outputs = scene.outputs
    Self.introduce(outputs, on: terminal)
    return await FormRunner(
      terminal: terminal, scene: scene, fields: Self.fields(outputs), submit: Self.submit,
      loadingText: Self.loadingText, failureMessage: { Self.failureMessage(outputs) }
    ).run()
  }
}
