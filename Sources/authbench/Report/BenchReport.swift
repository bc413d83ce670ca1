import Foundation

/// Everything one run measured, printable as a table or as JSON.
struct BenchReport: Codable, Sendable {
  /// Where it ran.
  let machine: MachineInfo
  /// The 1-minute load average when the run ended.
  var loadAverageAtEnd: Double = 0
  /// Repetitions per figure.
  let repetitions: Int
  /// One line per figure and database.
  var results: [FigureResult] = []
  /// Set-up steps worth knowing (how long a large database took to build).
  var notes: [String] = []
  /// A value computed from every measured result, printed so no work can be optimised away.
  var checksum: Int64 = 0

  /// Whether every goal was met.
  var allGoalsMet: Bool { results.allSatisfy { $0.met != false } }

  /// The report as one JSON object.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
