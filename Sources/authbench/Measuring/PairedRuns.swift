/// One repetition: the baseline's and the subject's measurement, taken back to back.
struct PairedSample: Sendable {
  /// The baseline's value (a rate or a time, as the figure measures).
  let baseline: Double
  /// The subject's value, in the same unit.
  let subject: Double
}

/// Runs a baseline and a subject alternately, so that a change in the machine's load
/// hits both alike: repetition 0 runs the baseline first, repetition 1 the subject
/// first, and so on. Both run once untimed first, to warm caches and lazy set-up.
enum PairedRuns {
  /// Runs `repetitions` pairs after one warm-up pair; each closure returns its value.
  static func run(
    repetitions: Int, warmUp: Bool = true,
    baseline: () async throws -> Double, subject: () async throws -> Double
  ) async throws -> [PairedSample] {
    if warmUp {
      _ = try await baseline()
      _ = try await subject()
    }
    var samples: [PairedSample] = []
    for repetition in 0..<repetitions {
      if repetition.isMultiple(of: 2) {
        let first = try await baseline()
        samples.append(PairedSample(baseline: first, subject: try await subject()))
      } else {
        let first = try await subject()
        samples.append(PairedSample(baseline: try await baseline(), subject: first))
      }
    }
    return samples
  }
}

extension PairedRuns {
  /// The same alternation for synchronous work.
  static func runSync(
    repetitions: Int, baseline: () throws -> Double, subject: () throws -> Double
  ) throws -> [PairedSample] {
    _ = try baseline()
    _ = try subject()
    var samples: [PairedSample] = []
    for repetition in 0..<repetitions {
      if repetition.isMultiple(of: 2) {
        let first = try baseline()
        samples.append(PairedSample(baseline: first, subject: try subject()))
      } else {
        let first = try subject()
        samples.append(PairedSample(baseline: try baseline(), subject: first))
      }
    }
    return samples
  }
}
