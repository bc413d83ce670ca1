import Foundation
import Testing

/// How one run of the binary ended, with everything it wrote.
struct RunResult: Sendable {
  /// The exit status, or the signal number when `signalled`.
  let status: Int32
  /// Whether a signal ended it (a crash, or our kill).
  let signalled: Bool
  /// Whether the harness killed it for taking too long.
  let timedOut: Bool
  /// Standard output, as bytes.
  let output: Data
  /// Standard error, as bytes.
  let errors: Data
  /// The process's peak resident memory in KiB (`ru_maxrss`), 0 when not measured.
  var peakMemoryKiB: Int = 0

  /// The exit code when it exited normally.
  var exitCode: Int32? { signalled ? nil : status }
  /// Standard output as text (invalid UTF-8 replaced).
  var outputText: String { String(decoding: output, as: UTF8.self) }
  /// Standard error as text (invalid UTF-8 replaced).
  var errorText: String { String(decoding: errors, as: UTF8.self) }
  /// The non-empty lines of standard error.
  var errorLines: [Substring] { errorText.split(separator: "\n") }

  /// Whether standard error is one `Error:` line, then at most one line of its next step:
  /// a script that reads the first line still gets the whole message.
  var isOneMessageWithItsStep: Bool {
    errorLines.first?.hasPrefix("Error: ") == true && errorLines.count <= 2
      && !errorLines.dropFirst().contains { $0.hasPrefix("Error: ") }
  }

  /// A short account for failure messages (never the inputs, which may be huge).
  var summary: String {
    let how = timedOut ? "timed out" : signalled ? "signal \(status)" : "exit \(status)"
    return "\(how); stderr: \(errorText.prefix(300))"
  }
}

/// Expects a refusal: `code`, one message with its next step, and each of `words` in it.
func expectRefusal(
  _ result: RunResult, code: Int32, mentioning words: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.exitCode == code, "\(result.summary)", sourceLocation: sourceLocation)
  #expect(result.isOneMessageWithItsStep, "\(result.summary)", sourceLocation: sourceLocation)
  for word in words {
    #expect(
      result.errorText.contains(word), "\(word): \(result.summary)", sourceLocation: sourceLocation)
  }
}

/// The exit codes authcli documents (`authcli help exit-codes`).
enum ExitCodes {
  /// Success.
  static let ok: Int32 = 0
  /// Wrong command line, or a prompt needed under --no-input.
  static let usage: Int32 = 64
  /// Invalid data: validation, a taken name, a file that is not a compatible database.
  static let invalidData: Int32 = 65
  /// Input ended at a prompt, or the database file does not exist.
  static let noInput: Int32 = 66
  /// Unavailable.
  static let unavailable: Int32 = 69
  /// Internal error.
  static let software: Int32 = 70
  /// Cannot create.
  static let cannotCreate: Int32 = 73
  /// I/O error.
  static let ioError: Int32 = 74
  /// Busy past the timeout.
  static let busy: Int32 = 75
  /// Not signed in, wrong credentials, or locked.
  static let noPermission: Int32 = 77
  /// Configuration.
  static let configuration: Int32 = 78
  /// Interrupted by Ctrl-C.
  static let interrupted: Int32 = 130

  /// Every documented code.
  static let documented: Set<Int32> = [
    ok, usage, invalidData, noInput, unavailable, software, cannotCreate, ioError, busy,
    noPermission, configuration, interrupted,
  ]
}
