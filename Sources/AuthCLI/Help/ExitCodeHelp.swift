import CommandLineKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The page `authcli help exit-codes` prints.
enum ExitCodeHelp {
  private static let numberWidth = 5
  private static let nameWidth = 16

  /// One row of the table for scripts: a code with its sysexits name and meaning.
  struct Row: JSONOutput {
    let code: Int
    let name: String
    let meaning: String

    enum CodingKeys: String, CodingKey, CaseIterable {
      case code, meaning, name
    }
  }

  /// The same table for scripts; a code's meaning is its kinds' meanings.
  static var table: [Row] {
    ExitCode.allCases.map { code in
      Row(code: Int(code.rawValue), name: code.name, meaning: code.meaning)
    }
  }

  /// The page, `width` columns wide: each code with the kinds that end with it, each
  /// kind's meaning as its declaration words it.
  static func text(width: Int = TextLayout.lineWidth) -> String {
    let indent = String(repeating: " ", count: 2 + numberWidth + nameWidth)
    let meaningWidth = TextLayout.usable(width) - indent.count
    let rows = ExitCode.allCases.map { code in
      let number = String(code.rawValue).padded(to: numberWidth)
      let name = code.name.padded(to: nameWidth)
      let meaning =
        code == .ok
        ? TextLayout.wrap(code.meaning, width: meaningWidth)
        : code.kinds.flatMap { kind in
          TextLayout.wrap(kind.rawValue + ": " + kind.meaning, width: meaningWidth)
        }
      return
        (["  " + number + name + (meaning.first ?? "")] + meaning.dropFirst().map { indent + $0 })
        .joined(separator: "\n")
    }
    let overview = TextLayout.wrap(
      "OVERVIEW: The exit codes of authcli (from sysexits), each with the kinds of error that "
        + "end with it (a JSON error's 'kind'); 'authcli help errors' gives each kind's next "
        + "step.",
      width: TextLayout.usable(width))
    return (overview + ["", "EXIT CODES:"] + rows)
      .joined(separator: "\n") + "\n"
  }
}
