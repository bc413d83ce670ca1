import AuthCore
import AuthViewModels
import Foundation
import Testing

@testable import AuthCLI

/// Renders a scene from a preview view model and compares the transcripts with the
/// scene's golden file in `Tests/AuthCLITests/Previews/`. Run with
/// `AUTHCLI_UPDATE_PREVIEWS=1` to rewrite the golden files from the current views (then
/// review the diff before committing).
@MainActor
enum PreviewRecorder {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Previews")

  /// The transcript of one showing: prompts, typed answers (passwords left out), messages,
  /// then the inputs the view's events set and called, and which steps followed.
  static func transcript<View: LineView>(
    _ view: View, _ viewModel: View.ViewModel, input: [String]
  ) async -> String {
    let sink = BufferSink()
    let terminal = LineTerminal(
      input: ScriptedLineSource(lines: input), output: sink, style: .plain, writesAnswers: true)
    var received: [String] = []
    await SceneController(view: view, terminal: terminal) { received.append(inputName($0)) }
      .show(viewModel)
    let steps = viewModel.navigator.history.map(stepName)
    return sink.text + "\n--- inputs: \(received.joined(separator: ", "))"
      + "\n--- steps: \(steps.joined(separator: ", "))\n"
  }

  /// The input an event sets or calls, as a view would write it: `usernameChanged("al")` is
  /// `username = "al"`, `signInTapped` is `signInTapped()`, `appeared` is `viewDidAppear()`.
  /// Events print their passwords redacted, and so do these.
  static func inputName(_ event: String) -> String {
    switch event {
    case "appeared": return "viewDidAppear()"
    case "dismissed": return "viewDidDismiss()"
    default: break
    }
    guard let open = event.firstIndex(of: "(") else { return event + "()" }
    let name = event[..<open]
    guard name.hasSuffix("Changed") else { return event }
    let value = event[event.index(after: open)..<event.index(before: event.endIndex)]
    return "\(name.dropLast("Changed".count)) = \(value)"
  }

  /// Checks every state's transcript, in order, against `Previews/<scene>.txt`, or
  /// rewrites the file on request.
  static func check(
    _ transcripts: [(state: String, text: String)], scene: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let text = transcripts.map { "=== \(scene) — \($0.state)\n\($0.text)" }
      .joined(separator: "\n")
    let file = folder.appendingPathComponent(scene + ".txt")
    if ProcessInfo.processInfo.environment["AUTHCLI_UPDATE_PREVIEWS"] == "1" {
      try Data(text.utf8).write(to: file)
      return
    }
    guard let golden = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "No golden file \(scene).txt; run with AUTHCLI_UPDATE_PREVIEWS=1",
        sourceLocation: sourceLocation)
      return
    }
    #expect(
      text == golden, "preview \(scene) differs from its golden file",
      sourceLocation: sourceLocation)
  }

  /// A step without its payload (sessions carry tokens and dates).
  private static func stepName(_ step: some Sendable) -> String {
    let text = String(describing: step)
    return String(text.prefix { $0 != "(" })
  }
}
