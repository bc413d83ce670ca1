import Foundation

/// Runs the chosen figures in order and gathers the report.
enum BenchRunner {
  /// Runs every figure of `options`; progress goes to stderr, so stdout stays the report.
  static func run(_ options: BenchOptions) async throws -> BenchReport {
    let context = try BenchContext(options: options)
    defer { context.directory.removeAll() }
    var report = BenchReport(machine: .current(), repetitions: options.repetitions)
    let chosen = Set(options.figures)
    for group in groups where !chosen.isDisjoint(with: group.figures) {
      progress(group.progress)
      report.results += try await group.run(chosen.intersection(group.figures), context)
    }
    report.results.sort { $0.figure < $1.figure }
    report.notes = context.notes
    report.checksum = context.checksum.total
    report.loadAverageAtEnd = MachineInfo.loadAverage()
    return report
  }

  /// The figures, in the order they run: the numbers each group measures, its line of
  /// progress, and how it runs those of them that were chosen.
  private static let groups:
    [(
      figures: Set<Int>, progress: String,
      run: @Sendable (Set<Int>, BenchContext) async throws -> [FigureResult]
    )] = [
      ([1, 2], "figures 1 and 2: session checks", SessionCheckFigures.run(figures:context:)),
      (
        [3], "figure 3: bulk sign-up",
        { _, context in try await BulkSignUpFigure.run(context: context) }
      ),
      ([4, 5], "figures 4 and 5: sign-in", SignInFigures.run(figures:context:)),
      (
        [6], "figure 6: scale (building the large database first)",
        { _, context in try await ScaleFigure.run(context: context) }
      ),
      ([7, 8], "figures 7 and 8: PostgreSQL", PostgresFigures.run(figures:context:)),
    ]

  /// A line on stderr.
  static func progress(_ message: String) {
    FileHandle.standardError.write(Data("authbench: \(message)\n".utf8))
  }
}
