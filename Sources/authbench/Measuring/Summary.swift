/// The median and spread of repeated measurements.
struct Summary: Codable, Sendable {
  /// The middle value (the mean of the two middle ones for an even count).
  let median: Double
  /// The smallest value.
  let min: Double
  /// The largest value.
  let max: Double
  /// (max - min) / median, in percent.
  let spreadPercent: Double
  /// How many measurements.
  let count: Int

  /// Summarises at least one value.
  init(_ values: [Double]) {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    let median =
      sorted.isEmpty
      ? 0 : sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    self.median = median
    self.min = sorted.first ?? 0
    self.max = sorted.last ?? 0
    self.spreadPercent = median == 0 ? 0 : (self.max - self.min) / median * 100
    self.count = sorted.count
  }
}
