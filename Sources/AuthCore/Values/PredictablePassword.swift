/// The structural rules NIST SP 800-63B-4 allows beside the blocklist: a password made
/// mostly of one repeated unit ("aaaaaaaaaaaaaaa", "passwordpassword", "abcabcabcabcabc") or
/// of runs through the alphabet, the digits or a keyboard row ("abcdefghijklmnop",
/// "123456789012345", "qwertyuiopasdfgh") is refused.
///
/// "Mostly" is measured as coverage: every character inside a repetition (a stretch of at
/// least three characters that repeats a unit of at most half the password's length at
/// least twice) or inside a run (at least three characters, each one step from the last in
/// one of the sequences) is covered; a password three quarters or more covered is refused.
/// Passphrases of ordinary words cover little ("correct horse battery staple": none).
enum PredictablePassword {
  /// The share of characters that may be repetition or run, in quarters: 3 of 4.
  static let refusedQuarters = 3

  /// The sequences a run may walk, forwards or backwards, one step at a time.
  static let sequences: [[Unicode.Scalar]] = [
    "abcdefghijklmnopqrstuvwxyz", "0123456789", "1234567890", "`1234567890-=",
    "qwertyuiop[]\\", "asdfghjkl;'", "zxcvbnm,./", "qwertzuiop", "azertyuiop", "qsdfghjklm",
    "wxcvbn", "yxcvbnm",
  ].map { Array($0.unicodeScalars) }

  /// Whether the (normalised, lower-cased) password is mostly repetition and runs.
  static func isPredictable(_ lowercased: String) -> Bool {
    let scalars = Array(lowercased.unicodeScalars)
    let count = scalars.count
    guard count >= 3 else { return false }
    var covered = [Bool](repeating: false, count: count)
    let enough = { (marks: [Bool]) in
      marks.lazy.filter { $0 }.count * 4 >= count * refusedQuarters
    }
    markRuns(scalars, in: &covered)
    if enough(covered) { return true }
    return markRepetitions(scalars, in: &covered, until: enough)
  }

  /// Marks every stretch that repeats a unit of length `period` at least twice, shortest
  /// periods first, and stops as soon as `enough` says so; returns whether it did.
  private static func markRepetitions(
    _ scalars: [Unicode.Scalar], in covered: inout [Bool], until enough: ([Bool]) -> Bool
  ) -> Bool {
    let count = scalars.count
    for period in 1...(count / 2) {
      var runStart: Int? = nil
      for index in period...count {
        let matches = index < count && scalars[index] == scalars[index - period]
        if matches {
          if runStart == nil { runStart = index }
          continue
        }
        if let start = runStart {
          // scalars[start - period ..< index] has this period.
          let stretch = (start - period)..<index
          if stretch.count >= max(2 * period, 3) {
            for position in stretch { covered[position] = true }
          }
        }
        runStart = nil
      }
      if enough(covered) { return true }
    }
    return false
  }

  /// Marks every stretch of at least three characters that walks one sequence step by step.
  private static func markRuns(_ scalars: [Unicode.Scalar], in covered: inout [Bool]) {
    let count = scalars.count
    var start = 0
    while start < count - 2 {
      var longest = 1
      for sequence in sequences {
        guard let first = sequence.firstIndex(of: scalars[start]) else { continue }
        for step in [1, -1] {
          var length = 1
          var position = first
          while start + length < count {
            let next = position + step
            guard sequence.indices.contains(next), sequence[next] == scalars[start + length]
            else { break }
            position = next
            length += 1
          }
          longest = max(longest, length)
        }
      }
      if longest >= 3 {
        for position in start..<(start + longest) { covered[position] = true }
        start += longest - 1
      } else {
        start += 1
      }
    }
  }
}
