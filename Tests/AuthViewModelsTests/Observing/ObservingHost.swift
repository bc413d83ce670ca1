import AuthViewModelPreviews
import Observation

/// A view of the test front end: renders text from what it reads of a view model.
@MainActor
protocol TestView {
  /// The rendered text; everything read here is observed.
  func body() -> String
}

/// What SwiftUI does for a view, runnable here: renders the body inside
/// `withObservationTracking`, and when something the body read changes, marks the view
/// for a new render. The render happens at the next `update()`, the test's stand-in for
/// the next turn of the run loop, so several changes in one turn make one render.
@MainActor
final class ObservingHost<View: TestView> {
  let view: View
  /// Every render, oldest first.
  private(set) var renders: [String] = []
  private var isInvalid = true

  init(_ view: View) {
    self.view = view
    update()
  }

  /// Renders again if something the last render read has changed since.
  func update() {
    guard isInvalid else { return }
    isInvalid = false
    let text = withObservationTracking {
      view.body()
    } onChange: { [weak self] in
      // Called on the main actor, where the view model changes its outputs.
      MainActor.assumeIsolated { self?.isInvalid = true }
    }
    renders.append(text)
  }

  /// Updates inside every call of `call`: the turn a view renders in while the view model
  /// waits for the use case.
  func update<Request, Answer>(during call: ScriptedCall<Request, Answer>) {
    call.whileRunning { [self] _ in await update() }
  }
}

/// `@Bindable` for the test front end: `TestBindable(viewModel).inputs.username` is what
/// `$viewModel.inputs.username` is in SwiftUI, a binding that writes through `inputs`.
@dynamicMemberLookup
@MainActor
struct TestBindable<Object: AnyObject> {
  let object: Object

  init(_ object: Object) { self.object = object }

  subscript<Value>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Object, Value>
  )
    -> TestBinding<Value>
  {
    let object = object
    return TestBinding(
      get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

/// SwiftUI's `Binding`, reduced to what a text field does with it.
@dynamicMemberLookup
@MainActor
struct TestBinding<Value> {
  let get: () -> Value
  let set: (Value) -> Void

  /// What the field shows, and what typing writes.
  var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }

  subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  )
    -> TestBinding<Subject>
  {
    let get = get
    let set = set
    return TestBinding<Subject>(
      get: { get()[keyPath: keyPath] },
      set: { subject in
        var value = get()
        value[keyPath: keyPath] = subject
        set(value)
      })
  }
}
