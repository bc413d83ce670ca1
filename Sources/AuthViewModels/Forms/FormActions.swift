import AuthCore

/// A scene whose action submits a form of typed fields. It keeps its fields' checks in
/// `checks` and handles an edit and a submit the way every form does, so that each form's
/// submit says only what the use case answers.
@MainActor
protocol FormActions: SceneActions {
  /// The form's fields; a submit shows the check of every one.
  associatedtype Field: Hashable, CaseIterable
  /// What the form shows of its fields' checks.
  var checks: FormChecks<Field> { get set }
}

extension FormActions {
  /// The user edited a field: its check shows from now on, and the last failure is gone.
  func edited(_ field: Field) {
    checks.edit(field)
    failure = nil
  }

  /// Submits the form: nothing while an action runs; every field shows its reason; the
  /// action runs through `perform(_:)` only when `isEnabled` (read after the fields show),
  /// so an invalid submit calls nothing.
  func submit(
    when isEnabled: @autoclosure () -> Bool,
    _ action: () async throws(AuthError) -> NavigationStep?
  ) async {
    guard !isLoading else { return }
    checks.showAll(Array(Field.allCases))
    guard isEnabled() else { return }
    await perform(action)
  }
}
