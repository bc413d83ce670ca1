/// A view model's navigator: the view model emits steps, one reader takes them.
///
/// Steps are kept in order until taken, so none is lost when the reader arrives
/// late (a line-mode scene returns after the step was emitted), and `pendingStep`
/// lets a view ask synchronously whether its scene is over.
@MainActor
public final class Stepper<Step: Sendable> {
  /// Every step emitted, oldest first, taken or not.
  public private(set) var history: [Step] = []
  private var untaken: [Step] = []
  private var reader: CheckedContinuation<Step?, Never>?

  /// Starts with no step.
  public init() {}

  /// The oldest step not yet taken; a view stops asking for input once there is one.
  public var pendingStep: Step? { untaken.first }

  /// Reports a step: hands it to the waiting reader, or keeps it for the next one.
  public func emit(_ step: Step) {
    history.append(step)
    if let reader {
      self.reader = nil
      reader.resume(returning: step)
    } else {
      untaken.append(step)
    }
  }

  /// Takes the oldest untaken step, waiting for one if need be; `nil` when the
  /// waiting task is cancelled. One reader at a time: a second one replaces the
  /// first, which gets `nil`.
  public func next() async -> Step? {
    if !untaken.isEmpty { return untaken.removeFirst() }
    if Task.isCancelled { return nil }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        reader?.resume(returning: nil)
        reader = continuation
      }
    } onCancel: {
      Task { @MainActor in self.releaseReader() }
    }
  }

  private func releaseReader() {
    reader?.resume(returning: nil)
    reader = nil
  }
}
