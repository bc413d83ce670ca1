import CommandLineKit

/// The page `authcli help errors` prints: every `kind` of a JSON error, with its exit code,
/// and the kinds of refused fields.
enum ErrorKindHelp {
  /// The same lists for scripts: each kind with its exit code and meaning, and each field
  /// with the kinds its refusals carry.
  struct Table: JSONOutput {
    let kinds: [Kind]
    let fieldKinds: [FieldKinds]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case fieldKinds = "field_kinds", kinds
    }
  }

  /// One kind of error.
  struct Kind: JSONOutput {
    let kind: String
    let code: Int
    let meaning: String
    let hint: String

    enum CodingKeys: String, CodingKey, CaseIterable {
      case code, hint, kind, meaning
    }
  }

  /// The kinds a field's refusals carry.
  struct FieldKinds: JSONOutput {
    let field: String
    let kindNames: [String]
    /// Deprecated: `kind_names` (`kinds` is the list of kind objects above); removed in the
    /// next release.
    let kinds: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case field, kindNames = "kind_names", kinds
    }

    static let deprecatedKeys: [CodingKeys: String] = [.kinds: "`kind_names`"]
  }

  static var table: Table {
    Table(
      kinds: ErrorKind.allCases.map { kind in
        Kind(
          kind: kind.rawValue, code: Int(kind.code.rawValue), meaning: kind.meaning,
          hint: kind.nextStep)
      },
      fieldKinds: FieldError.documented.map { field, reasons in
        let names = reasons.map { field + "_" + $0.rawValue }
        return FieldKinds(field: field, kindNames: names, kinds: names)
      })
  }

  /// The page, its entries `width` columns wide.
  static func text(width: Int = TextLayout.lineWidth) -> String {
    let kinds = ErrorKind.allCases.map { kind in
      TextLayout.entry(
        label: kind.rawValue,
        help: kind.meaning + " (exit \(kind.code.rawValue)) Next: " + kind.nextStep,
        width: width)
    }
    let fields = FieldError.documented.map { field, reasons in
      TextLayout.entry(
        label: field,
        help: reasons.map { field + "_" + $0.rawValue }.joined(separator: ", ") + ".",
        width: width)
    }
    let overview = TextLayout.wrap(
      "OVERVIEW: The kinds of authcli's JSON errors.", width: TextLayout.usable(width))
    // The example is kept as typed (JSON does not wrap); the prose around it follows the width.
    let introduction = TextLayout.wrap(
      "With --json a failure is one object on standard error:", width: TextLayout.usable(width))
    let example = """
        {"error": {"code": 65, "kind": "password_too_short", "message": "...",
          "hint": null,
          "fields": [{"field": "password", "kind": "password_too_short",
                      "message": "..."}]}}
      """
    let explanation = TextLayout.wrap(
      "'code' is the exit code; 'kind' is stable, so scripts test it rather than the message; "
        + "'hint' is the next step, the last line of the text error (each kind has one, below "
        + "after 'Next:'). A validation failure lists every refused field in 'fields'; its "
        + "kind is that field's kind when one field was refused, 'validation_failed' when "
        + "several were.",
      width: TextLayout.usable(width))
    return """
      \(overview.joined(separator: "\n"))

      \(introduction.joined(separator: "\n"))
      \(example)
      \(explanation.joined(separator: "\n"))

      KINDS:
      \(kinds.joined(separator: "\n"))

      FIELD KINDS (<field>_<rule>):
      \(fields.joined(separator: "\n"))

      """
  }
}
