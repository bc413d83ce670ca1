/// Renders a report as aligned text for people.
enum TableRenderer {
  /// The whole report: machine, one line per result, notes.
  static func render(_ report: BenchReport) -> String {
    let machine = report.machine
    var lines = [
      "authbench (\(machine.build) build) on \(machine.cpu), \(machine.cores) cores, \(machine.system)",
      "SQLite \(machine.sqlite), libsodium \(machine.libsodium); load average "
        + "\(Format.ratio(machine.loadAverageAtStart)) at start, "
        + "\(Format.ratio(report.loadAverageAtEnd)) at end; "
        + "\(report.repetitions) repetitions per line, median [min–max]",
      "",
    ]
    let header = [
      "Fig", "What", "Database", "Subject", "Baseline", "Unit", "Ratio [range]", "Goal", "Met",
    ]
    let rows = report.results.map(row)
    let widths = header.indices.map { column in
      ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    let numeric: Set<Int> = [3, 4]
    func line(_ cells: [String]) -> String {
      cells.indices.map { column in
        numeric.contains(column)
          ? Format.padLeft(cells[column], widths[column])
          : Format.pad(cells[column], widths[column])
      }.joined(separator: "  ")
    }
    lines.append(line(header))
    lines.append(line(widths.map { String(repeating: "-", count: $0) }))
    lines += rows.map(line)
    lines.append("")
    for result in report.results {
      lines.append(
        "\(result.figure) \(result.database): \(result.subjectLabel) vs \(result.baselineLabel)"
          + (result.note.map { "; \($0)" } ?? ""))
    }
    lines += report.notes
    let unmet = report.results.filter { $0.met == false }
    lines.append(
      unmet.isEmpty
        ? "Every goal met."
        : "Goals not met: " + unmet.map { "\($0.figure) (\($0.database))" }.joined(separator: ", "))
    lines.append("checksum \(report.checksum)")
    return lines.joined(separator: "\n")
  }

  private static func row(_ result: FigureResult) -> [String] {
    [
      String(result.figure), result.title, result.database,
      "\(Format.value(result.subject.median)) [\(Format.value(result.subject.min))–\(Format.value(result.subject.max))]",
      "\(Format.value(result.baseline.median)) [\(Format.value(result.baseline.min))–\(Format.value(result.baseline.max))]",
      result.unit,
      "\(Format.ratio(result.ratio)) [\(Format.ratio(result.ratioRange.lower))–\(Format.ratio(result.ratioRange.upper))]",
      result.goal.text, result.met.map { $0 ? "met" : "NOT met" } ?? "—",
    ]
  }
}
