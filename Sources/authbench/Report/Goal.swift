/// What a figure's ratio must reach.
struct Goal: Codable, Sendable {
  /// The lowest acceptable ratio, if any.
  let minimum: Double?
  /// The highest acceptable ratio, if any.
  let maximum: Double?

  /// At least `value`.
  static func atLeast(_ value: Double) -> Goal { Goal(minimum: value, maximum: nil) }
  /// At most `value`.
  static func atMost(_ value: Double) -> Goal { Goal(minimum: nil, maximum: value) }
  /// No goal: the ratio is reported only.
  static let reported = Goal(minimum: nil, maximum: nil)
  /// Between the two, both included.
  static func within(_ low: Double, _ high: Double) -> Goal { Goal(minimum: low, maximum: high) }

  /// Whether `ratio` meets the goal.
  func isMet(by ratio: Double) -> Bool {
    if let minimum, ratio < minimum { return false }
    if let maximum, ratio > maximum { return false }
    return true
  }

  /// The goal as people write it.
  var text: String {
    switch (minimum, maximum) {
    case (let low?, let high?): "\(Format.ratio(low))–\(Format.ratio(high))"
    case (let low?, nil): "≥ \(Format.ratio(low))"
    case (nil, let high?): "≤ \(Format.ratio(high))"
    case (nil, nil): "—"
    }
  }
}
