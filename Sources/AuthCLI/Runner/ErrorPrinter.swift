/// Prints failures on standard error: `Error: …` lines for people, one JSON object with `--json`.
@MainActor
struct ErrorPrinter {
  let console: Console
  let json: Bool
  let style: Style

  /// Prints the report and returns its exit code.
  @discardableResult
  func print(_ report: ErrorReport) -> ExitCode {
    if json {
      console.errors.write(
        JSONText.render([
          "error": ["code": Int(report.code.rawValue), "message": report.message]
        ]))
      return report.code
    }
    var text = report.lines
      .map { style.failure("Error:") + " " + TerminalText.visible($0) }
      .joined(separator: "\n")
    if let hint = report.hint { text += "\n" + TerminalText.visible(hint) }
    console.errors.write(text + "\n")
    return report.code
  }
}
