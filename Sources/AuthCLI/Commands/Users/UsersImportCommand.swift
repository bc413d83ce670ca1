import AuthCore
import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `authcli users import --format F [--dry-run] [--skip-invalid] [--keep-locked] FILE|-`:
/// accounts from another system with their hashes as they are.
@MainActor
struct UsersImportCommand {
  let context: CommandContext

  /// More than any account file; a larger one is refused rather than read into memory.
  static let byteLimit = 256 * 1024 * 1024

  func run(
    format: String?, path: String, dryRun: Bool, skipInvalid: Bool, keepLocked: Bool
  ) async throws {
    guard let format, let chosen = AccountImportFormat(rawValue: format) else {
      throw context.usageError(
        "Name the file's format with --format "
          + AccountImportFormat.allCases.map(\.rawValue).joined(separator: "|"))
    }
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, context: context)
    let lines = path == "-" ? try standardInputLines() : try Self.fileLines(path)
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment,
      access: .existingFileOrNewTables)
    let entries =
      chosen == .jsonl
      ? try AccountJSONLines.entries(lines) : lines.map(AccountImportEntry.line)
    let report = try await root.services.accountImport.importAccounts(
      AccountImportRequest(
        format: chosen, entries: entries, dryRun: dryRun, skipInvalid: skipInvalid,
        keepLocked: keepLocked))
    let refusedLines = report.refused.map { refusal in
      "line \(refusal.line): "
        + (refusal.username.map { TerminalText.visible($0) + ": " } ?? "") + refusal.reason
    }
    if !report.written, !dryRun, !report.refused.isEmpty {
      throw ErrorReport(
        kind: .importRefused,
        lines: ["Nothing was imported: \(Self.count(report.refused.count, "line")) refused."]
          + refusedLines,
        hint: "Correct the lines, or pass --skip-invalid to import the rest.")
    }
    context.emit(json: Self.json(report, dryRun: dryRun))
    for line in refusedLines { context.note("skipped " + line) }
    if chosen == .jsonl, report.written, !report.accepted.isEmpty {
      context.note("Sessions are not moved: each user signs in again on this database.")
    }
    let counts = report.countsPerScheme.sorted { $0.key < $1.key }
      .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    let verb = dryRun ? "Would import" : "Imported"
    context.show(
      "\(verb) \(Self.count(report.accepted.count, "account"))"
        + (counts.isEmpty ? "" : " (\(counts))")
        + (report.refused.isEmpty ? "" : "; skipped \(Self.count(report.refused.count, "line"))")
        + (dryRun ? "; nothing was written." : "."))
  }

  private static func json(_ report: AccountImportReport, dryRun: Bool) -> [String: Any] {
    let imported = report.written ? report.accepted.count : 0
    return [
      // A count, named as the other counts are (`ended_sessions`): a verb alone is a flag.
      "imported_accounts": imported,
      "dry_run": dryRun,
      "schemes": report.countsPerScheme,
      "accounts": report.accepted.map { account -> [String: Any] in
        [
          "line": account.line, "username": account.username,
          "password_scheme": account.scheme?.rawValue ?? "none", "locked": account.locked,
          // Deprecated: `password_scheme`, as `users show` names it; removed in the next
          // release.
          "scheme": account.scheme?.rawValue ?? "none",
        ]
      },
      "skipped": report.refused.map { refusal -> [String: Any] in
        [
          "line": refusal.line, "username": refusal.username.map { $0 as Any } ?? JSONText.null,
          "reason": refusal.reason,
        ]
      },
      // Deprecated: `imported_accounts`; removed in the next release.
      "imported": imported,
    ]
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Standard input, line by line, through the same reader as every other answer.
  private func standardInputLines() throws(CLIError) -> [String] {
    var lines: [String] = []
    while true {
      switch context.console.input.readLine(secret: false) {
      case .line(let line): lines.append(line)
      case .endOfInput: return lines
      case .interrupted: throw .interrupted
      case .notText: throw .notText
      case .tooLong: throw .lineTooLong
      }
    }
  }

  /// The file's lines; its bytes must be UTF-8.
  static func fileLines(_ path: String) throws(CLIError) -> [String] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .inputOutput(path: path, reason: String(cString: strerror(errno)))
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
        throw .inputOutput(path: path, reason: String(cString: strerror(errno)))
      }
      bytes += chunk[..<count]
      guard bytes.count <= byteLimit else {
        throw .inputOutput(path: path, reason: "larger than \(byteLimit / 1024 / 1024) MiB")
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

extension UsersImportCommand {
  static let format = Option<String?>(
    "format", valueName: "format", help: "How the file is laid out.",
    choices: AccountImportFormat.allCases.map(\.rawValue))
  static let dryRun = Flag("dry-run", help: "Report what would be imported; write nothing.")
  static let skipInvalid = Flag(
    "skip-invalid", help: "Import the acceptable lines and list the refused ones.")
  static let keepLocked = Flag(
    "keep-locked", help: "Import locked shadow entries ('!', '*') as locked accounts.")
  static let file = Argument<String>(
    "file", help: "The file to read, or '-' for standard input.", completion: .files)

  static let declaration = Subcommand(
    "import",
    abstract: "Import accounts from htpasswd, shadow, Django or an export, with their hashes.",
    discussion: """
      Each account keeps its hash: nobody's password changes, and the hash is replaced by
      Argon2id at its next sign-in. Refused lines are named by number with the reason: weak
      or unverifiable schemes, names that break the username rules, duplicates within the
      file or of existing accounts. All or nothing: one refused line and nothing is
      imported (exit 65), unless --skip-invalid.
      """,
    arguments: [file], options: [format, dryRun, skipInvalid, keepLocked]
  ) { context in
    try await UsersImportCommand(context: context).run(
      format: context.values[format], path: context.required(file),
      dryRun: context.values[dryRun], skipInvalid: context.values[skipInvalid],
      keepLocked: context.values[keepLocked])
  }
}
