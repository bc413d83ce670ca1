import Foundation

/// Runs the chosen figures in order and gathers the report.
enum BenchRunner {
  /// Runs every figure of `options`; progress goes to stderr, so stdout stays the report.
  static func run(_ options: BenchOptions) async throws -> BenchReport {
    let context = try BenchContext(options: options)
    defer { context.directory.removeAll() }
    var report = BenchReport(machine: .current(), repetitions: options.repetitions)
    let chosen = Set(options.figures)
    if !chosen.isDisjoint(with: [1, 2]) {
      progress("figures 1 and 2: session checks")
      report.results += try await SessionCheckFigures.run(
        figures: chosen.intersection([1, 2]), context: context)
    }
    if chosen.contains(3) {
      progress("figure 3: bulk sign-up")
      report.results += try await BulkSignUpFigure.run(context: context)
    }
    if !chosen.isDisjoint(with: [4, 5]) {
      progress("figures 4 and 5: sign-in")
      report.results += try await SignInFigures.run(
        figures: chosen.intersection([4, 5]), context: context)
    }
    if chosen.contains(6) {
      progress("figure 6: scale (building the large database first)")
      report.results += try await ScaleFigure.run(context: context)
    }
    if !chosen.isDisjoint(with: [7, 8]) {
      progress("figures 7 and 8: PostgreSQL")
      report.results += try await PostgresFigures.run(
        figures: chosen.intersection([7, 8]), context: context)
    }
    report.results.sort { $0.figure < $1.figure }
    report.notes = context.notes
    report.checksum = context.checksum.total
    report.loadAverageAtEnd = MachineInfo.loadAverage()
    return report
  }

  /// A line on stderr.
  static func progress(_ message: String) {
    FileHandle.standardError.write(Data("authbench: \(message)\n".utf8))
  }
}
