/// "Did you mean …?" for a mistyped subcommand or option: the declared words closest to
/// what was typed, by edit distance, when they are close enough to be the same word.
enum Suggestions {
  /// The candidates at the smallest distance from `typed`, in the order given, when that
  /// distance is within `threshold(for:)`; none otherwise.
  ///
  /// Words are compared without their leading dashes, so `-username` finds `--username`,
  /// and case is ignored, so `SIGNIN` finds `signin`. A word of one or two letters gets
  /// no suggestion: every other short word is one or two edits away from it.
  static func closest(to typed: String, among candidates: [String]) -> [String] {
    let word = bare(typed)
    guard word.count >= 3 else { return [] }
    let limit = threshold(for: word)
    var best: [String] = []
    var bestDistance = limit + 1
    for candidate in candidates where !best.contains(candidate) {
      let distance = editDistance(word, bare(candidate))
      if distance < bestDistance {
        best = [candidate]
        bestDistance = distance
      } else if distance == bestDistance, distance <= limit {
        best.append(candidate)
      }
    }
    return best
  }

  /// The largest distance still taken for a typo: one edit for up to five characters, two
  /// up to eight, three beyond. A fixed limit would offer `list` for `ls` and miss
  /// `--pasword-stdn`; a third of the length is about what a slip of the fingers does.
  static func threshold(for word: String) -> Int {
    max(1, min(3, word.count / 3))
  }

  /// `Did you mean 'signin'?`, `Did you mean '--db' or '--no-color'?`; `nil` for none.
  static func sentence(for words: [String]) -> String? {
    guard let last = words.last else { return nil }
    let quoted = words.map { "'" + $0 + "'" }
    let listed =
      words.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or '\(last)'"
    return "Did you mean \(listed)?"
  }

  /// The number of insertions, deletions, substitutions and swaps of two neighbours that
  /// turn one word into the other (Damerau–Levenshtein, optimal string alignment): a swap
  /// such as `singup` for `signup` is the commonest slip and counts as one edit, not two.
  static func editDistance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rows of the table suffice: the one before the previous serves the swaps.
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, beforePrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }

  private static func bare(_ word: String) -> String {
    String(word.drop { $0 == "-" }).lowercased()
  }
}

extension ToolDeclaration {
  /// `Did you mean 'users list'?` for `users lsit`: the closest subcommands of the command
  /// the words before the last one name, for a program that reads subcommand words itself
  /// (a help topic); `extra` words are candidates beside the root's subcommands. `nil` when
  /// the words before the last name no command, or nothing is close.
  public func subcommandSuggestion(for words: [String], extra: [String] = []) -> String? {
    guard let typed = words.last, let path = path(to: Array(words.dropLast())),
      let command = path.last
    else { return nil }
    let candidates = command.subcommandNames + (path.count == 1 ? extra : [])
    let closest = Suggestions.closest(to: typed, among: candidates).map {
      (words.dropLast() + [$0]).joined(separator: " ")
    }
    return Suggestions.sentence(for: closest)
  }
}
