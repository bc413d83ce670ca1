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
      // Plain strings and numbers, which always have a JSON form.
      console.errors.write((try? JSONText.render(PrintedError(report))) ?? "null\n")
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

/// `{"error": {…}}`: the report as scripts read it.
struct PrintedError: JSONOutput {
  let error: Body

  enum CodingKeys: String, CodingKey, CaseIterable {
    case error
  }

  struct Body: JSONOutput {
    let code: Int
    let kind: String
    let message: String
    let hint: String?
    /// Left out, not empty, when no field was refused.
    let fields: [Field]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case code, fields, hint, kind, message
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(code, forKey: .code)
      try container.encode(kind, forKey: .kind)
      try container.encode(message, forKey: .message)
      try container.encodeIfPresent(hint, forKey: .hint)
      if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
    }
  }

  struct Field: JSONOutput {
    let field: String
    let kind: String
    let message: String

    enum CodingKeys: String, CodingKey, CaseIterable {
      case field, kind, message
    }
  }

  init(_ report: ErrorReport) {
    error = Body(
      code: Int(report.code.rawValue), kind: report.kindName, message: report.message,
      hint: report.nextStep,
      fields: report.fields.map { Field(field: $0.field, kind: $0.kind, message: $0.message) })
  }
}
