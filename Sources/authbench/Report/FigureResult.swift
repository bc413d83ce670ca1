/// One measured line of the report: a subject against its baseline.
struct FigureResult: Codable, Sendable {
  /// The figure's number (1 to 8).
  let figure: Int
  /// What is compared, in words.
  let title: String
  /// The database it ran on (for example "memory", "WAL file").
  let database: String
  /// What was measured.
  let subjectLabel: String
  /// What it is compared with.
  let baselineLabel: String
  /// The unit of `subject` and `baseline` ("checks/s", "rows/s", "ms").
  let unit: String
  /// Whether larger values are better (rates) or smaller ones (times).
  let higherIsBetter: Bool
  /// The subject's measurements.
  let subject: Summary
  /// The baseline's measurements.
  let baseline: Summary
  /// subject median / baseline median.
  let ratio: Double
  /// The smallest and largest ratio of a single repetition.
  let ratioRange: ClosedRangeOfDouble
  /// What the ratio must reach.
  let goal: Goal
  /// Whether it does; `nil` for a line reported without a goal.
  let met: Bool?
  /// Anything a reader needs to interpret the line.
  let note: String?

  /// Builds the line from paired samples.
  init(
    figure: Int, title: String, database: String, subjectLabel: String, baselineLabel: String,
    unit: String, higherIsBetter: Bool, samples: [PairedSample], goal: Goal, note: String? = nil
  ) {
    self.figure = figure
    self.title = title
    self.database = database
    self.subjectLabel = subjectLabel
    self.baselineLabel = baselineLabel
    self.unit = unit
    self.higherIsBetter = higherIsBetter
    subject = Summary(samples.map(\.subject))
    baseline = Summary(samples.map(\.baseline))
    ratio = baseline.median == 0 ? 0 : subject.median / baseline.median
    let perRepetition = samples.map { $0.baseline == 0 ? 0 : $0.subject / $0.baseline }
    ratioRange = ClosedRangeOfDouble(
      lower: perRepetition.min() ?? 0, upper: perRepetition.max() ?? 0)
    self.goal = goal
    met = goal.minimum == nil && goal.maximum == nil ? nil : goal.isMet(by: ratio)
    self.note = note
  }
}

/// A range that encodes as `{"lower": …, "upper": …}`.
struct ClosedRangeOfDouble: Codable, Sendable {
  /// The smallest value.
  let lower: Double
  /// The largest value.
  let upper: Double
}
