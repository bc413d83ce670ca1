import AuthCore
import Synchronization

/// One async method of a stub: records each request, runs an optional hook
/// while the call is in flight, and answers from a script.
public final class ScriptedCall<Request: Sendable, Answer: Sendable>: Sendable {
  private struct State {
    var answers: [Result<Answer, AuthError>]
    var requests: [Request] = []
    var whileRunning: @Sendable (Request) async -> Void = { _ in }
  }
  private let state: Mutex<State>

  /// Starts with one answer, given to every call.
  public init(answer: Result<Answer, AuthError>) {
    state = Mutex(State(answers: [answer]))
  }

  /// The answers in order: each call takes the first, and the last one stays
  /// for every further call.
  public var answers: [Result<Answer, AuthError>] {
    get { state.withLock { $0.answers } }
    set { state.withLock { $0.answers = newValue } }
  }

  /// Sets one answer for every further call.
  public func answer(_ answer: Result<Answer, AuthError>) { answers = [answer] }

  /// Every request received, oldest first.
  public var requests: [Request] { state.withLock { $0.requests } }

  /// Runs `hook` inside each call, before it answers: the caller is suspended
  /// there, so the hook sees exactly what the caller shows while waiting.
  public func whileRunning(_ hook: @escaping @Sendable (Request) async -> Void) {
    state.withLock { $0.whileRunning = hook }
  }

  /// Records the request, runs the hook, and answers.
  public func call(_ request: Request) async throws(AuthError) -> Answer {
    let hook = state.withLock { state in
      state.requests.append(request)
      return state.whileRunning
    }
    await hook(request)
    let answer = state.withLock { state in
      state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
    }
    return try answer.get()
  }
}

extension ScriptedCall {
  /// Starts `action` and holds it inside this call for good: the caller shows its loading
  /// state from then on, as a preview of that state does. Returns once the call is in flight.
  @MainActor
  public func holdInFlight(_ action: @escaping @MainActor () async -> Void) async {
    let signal = InFlightSignal()
    // Never finished while the hook keeps its continuation: the held call never answers.
    let (forever, keep) = AsyncStream.makeStream(of: Never.self)
    await withCheckedContinuation { (inFlight: CheckedContinuation<Void, Never>) in
      signal.continuation.withLock { $0 = inFlight }
      whileRunning { _ in
        signal.continuation.withLock { $0.take() }?.resume()
        withExtendedLifetime(keep) {}
        for await _ in forever {}
      }
      Task { await action() }
    }
  }
}

/// Tells `holdInFlight(_:)` that the call is in flight, once.
private final class InFlightSignal: Sendable {
  let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
}
