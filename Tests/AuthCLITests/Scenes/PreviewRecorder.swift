import AuthCore
import AuthTestSupport
import AuthViewModels
import Foundation
import Observation
import Testing

@testable import AuthCLI

/// Renders a scene from a stub view model and compares the transcript with its golden file
/// in `Tests/AuthCLITests/Previews/`. Run with `AUTHCLI_UPDATE_PREVIEWS=1` to rewrite the
/// golden files from the current views (then review the diff before committing).
@MainActor
enum PreviewRecorder {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Previews")

  /// The transcript of one showing: prompts, typed answers (passwords left out), messages,
  /// then what the view sent and which steps followed.
  static func transcript<View: LineView, Action: Sendable, Output: Observable & AnyObject>(
    _ view: View, _ viewModel: PreviewViewModel<Action, Output>, input: [String]
  ) async -> String where View.ViewModel == PreviewViewModel<Action, Output> {
    let sink = BufferSink()
    let terminal = LineTerminal(
      input: ScriptedLineSource(lines: input), output: sink, style: .plain, writesAnswers: true)
    await SceneController(view: view, terminal: terminal).show(viewModel)
    let actions = viewModel.actions.map { String(describing: $0) }
    let lifecycle = viewModel.lifecycle.map { String(describing: $0) }
    let steps = viewModel.navigator.history.map(stepName)
    return sink.text + "\n--- lifecycle: \(lifecycle.joined(separator: ", "))"
      + "\n--- actions: \(actions.joined(separator: ", "))"
      + "\n--- steps: \(steps.joined(separator: ", "))\n"
  }

  /// Checks the transcript against `Previews/<name>.txt`, or rewrites the file on request.
  static func check(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let file = folder.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["AUTHCLI_UPDATE_PREVIEWS"] == "1" {
      try Data(text.utf8).write(to: file)
      return
    }
    guard let golden = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "No golden file \(name).txt; run with AUTHCLI_UPDATE_PREVIEWS=1",
        sourceLocation: sourceLocation)
      return
    }
    #expect(
      text == golden, "preview \(name) differs from its golden file", sourceLocation: sourceLocation
    )
  }

  /// A step without its payload (sessions carry tokens and dates).
  private static func stepName(_ step: AuthStep) -> String {
    let text = String(describing: step)
    return String(text.prefix { $0 != "(" })
  }
}
