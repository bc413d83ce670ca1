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

  /// The same table for scripts.
  static var table: [Row] {
    ExitCode.allCases.map { code in
      Row(code: Int(code.rawValue), name: code.name, meaning: code.meaning)
    }
  }

  /// The page, `width` columns wide.
  static func text(width: Int = TextLayout.lineWidth) -> String {
    let indent = String(repeating: " ", count: 2 + numberWidth + nameWidth)
    let rows = ExitCode.allCases.map { code in
      let number = String(code.rawValue).padded(to: numberWidth)
      let name = code.name.padded(to: nameWidth)
      let meaning = TextLayout.wrap(
        code.meaning, width: TextLayout.usable(width) - indent.count)
      return
        (["  " + number + name + (meaning.first ?? "")] + meaning.dropFirst().map { indent + $0 })
        .joined(separator: "\n")
    }
    let overview = TextLayout.wrap(
      "OVERVIEW: The exit codes of authcli (from sysexits).", width: TextLayout.usable(width))
    return (overview + ["", "EXIT CODES:"] + rows)
      .joined(separator: "\n") + "\n"
  }
}
