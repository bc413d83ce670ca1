import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines `users import` and `groups import` take in: a file's, or standard input's
/// when the file is named `-`. Both import all or nothing (`ErrorReport.importRefused`).
enum ImportedLines {
  /// More than any account file; a larger one is refused rather than read into memory.
  static let byteLimit = 256 * 1024 * 1024

  /// The file argument both take.
  static let file = Argument<String>(
    "file", help: "The file to read, or '-' for standard input.", completion: .files)

  /// `--format`: how the file is laid out, one of `Format`'s cases.
  static func formatOption<Format: CaseIterable & RawRepresentable & Sendable>(
    _ format: Format.Type
  ) -> RequiredOption<Format> where Format.RawValue == String {
    RequiredOption(
      "format", valueName: "format", help: "How the file is laid out.",
      missingMessage: "Name the file's format with --format "
        + Format.allCases.map(\.rawValue).joined(separator: "|"))
  }

  /// The lines of the file at `path`, or of `input` for `-`.
  static func read(_ path: String, input: any LineSource) throws(CLIError) -> [String] {
    path == "-" ? try standardInput(input) : try file(path)
  }

  /// Standard input, line by line, through the same reader as every other answer.
  private static func standardInput(_ input: any LineSource) throws(CLIError) -> [String] {
    var lines: [String] = []
    while true {
      switch input.readLine(secret: false) {
      case .line(let line): lines.append(line)
      case .endOfInput: return lines
      case .interrupted: throw .interrupted
      case .notText: throw .notText
      case .tooLong: throw .lineTooLong
      }
    }
  }

  /// The file's lines; its bytes must be UTF-8.
  private static func file(_ path: String) throws(CLIError) -> [String] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .inputOutput(path: path, reason: .system(errno))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        SystemCall.read(descriptor, $0.baseAddress, $0.count)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .inputOutput(path: path, reason: .system(errno))
      }
      bytes += chunk[..<count]
      guard bytes.count <= byteLimit else {
        throw .inputOutput(
          path: path, reason: .described("larger than \(byteLimit / 1024 / 1024) MiB"))
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

extension ErrorReport {
  /// An import refused as a whole (65): how many lines were refused, then each of them.
  static func importRefused(
    _ refusedLines: [String], dryRun: Bool, hint: String? = nil
  ) -> ErrorReport {
    let count = counted(refusedLines.count, "line")
    return ErrorReport(
      kind: .importRefused,
      lines: [
        dryRun
          ? "Nothing would be imported: \(count) refused; nothing was written."
          : "Nothing was imported: \(count) refused."
      ] + refusedLines, hint: hint)
  }
}
