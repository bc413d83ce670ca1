import CommandLineKit
import Foundation

/// The page `authcli help exit-codes` prints.
enum ExitCodeHelp {
  private static let numberWidth = 5
  private static let nameWidth = 16

  /// The same table for scripts: each code with its sysexits name and meaning.
  static var json: [[String: Any]] {
    ExitCode.allCases.map { code in
      ["code": Int(code.rawValue), "name": code.name, "meaning": code.meaning]
    }
  }

  static var text: String {
    let indent = String(repeating: " ", count: 2 + numberWidth + nameWidth)
    let rows = ExitCode.allCases.map { code in
      let number = String(code.rawValue).padding(
        toLength: numberWidth, withPad: " ", startingAt: 0)
      let name = code.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      let meaning = TextLayout.wrap(code.meaning, width: 80 - indent.count)
      return
        (["  " + number + name + (meaning.first ?? "")] + meaning.dropFirst().map { indent + $0 })
        .joined(separator: "\n")
    }
    return (["OVERVIEW: The exit codes of authcli (from sysexits).", "", "EXIT CODES:"] + rows)
      .joined(separator: "\n") + "\n"
  }
}
