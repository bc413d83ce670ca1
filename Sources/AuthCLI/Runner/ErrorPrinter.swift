/// Prints failures on standard error: `Error: …` lines for people, one JSON object with
/// `--json`: `{"error": {"code", "kind", "message", "hint"}}` (`hint` is the next step the
/// text shows after the message, or `null`), and `fields` for a validation failure.
@MainActor
struct ErrorPrinter {
  let console: Console
  let json: Bool
  let style: Style

  /// Prints the report and returns its exit code.
  @discardableResult
  func print(_ report: ErrorReport) -> ExitCode {
    if json {
      var error: [String: Any] = [
        "code": Int(report.code.rawValue), "kind": report.kindName, "message": report.message,
        "hint": report.nextStep.map { $0 as Any } ?? JSONText.null,
      ]
      if !report.fields.isEmpty {
        error["fields"] = report.fields.map {
          ["field": $0.field, "kind": $0.kind, "message": $0.message]
        }
      }
      console.errors.write(JSONText.render(["error": error]))
      return report.code
    }
    var text = report.lines
      .map { style.failure("Error:") + " " + TerminalText.visible($0) }
      .joined(separator: "\n")
    if let hint = report.nextStep { text += "\n" + TerminalText.visible(hint) }
    console.errors.write(text + "\n")
    return report.code
  }
}

extension ErrorPrinter {
  /// A printer on the console's standard error, coloured as the process and `--no-color`
  /// decide.
  init(console: Console, process: ProcessContext, json: Bool, noColor: Bool) {
    self.init(
      console: console, json: json,
      style: Style.decide(
        isTerminal: console.errorsIsTerminal, noColorOption: noColor,
        environment: process.environment))
  }
}
