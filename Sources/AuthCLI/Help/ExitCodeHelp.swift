import Foundation

/// The page `authcli help exit-codes` prints.
enum ExitCodeHelp {
  static var text: String {
    let rows = ExitCode.allCases.map { code in
      let number = String(code.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0)
      let name = code.name.padding(toLength: 16, withPad: " ", startingAt: 0)
      return "  " + number + name + code.meaning
    }
    return (["OVERVIEW: The exit codes of authcli (from sysexits).", "", "EXIT CODES:"] + rows)
      .joined(separator: "\n") + "\n"
  }
}
