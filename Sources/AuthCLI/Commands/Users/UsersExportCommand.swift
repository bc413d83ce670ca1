import AuthCore
import AuthCrypto
import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `authcli users export`: every account, one JSON object a line,
/// with its hash, to standard output or to a new 0600 file.
@MainActor
struct UsersExportCommand {
  let context: CommandContext

  func run() async throws {
    let path = context.values[Self.path]
    let location = try context.existingDatabaseLocation()
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment)
    let sink: ExportSink
    if let path {
      sink = try ExportSink(creating: path)
    } else {
      if context.console.outputIsTerminal {
        context.console.errors.write(
          "Warning: the export holds every account's password hash; "
            + "redirect it to a file or name a PATH.\n")
      }
      sink = ExportSink(console: context.console)
    }
    var count = 0
    var withSecondFactor = 0
    var unwritable: JSONEncodingFailure? = nil
    do {
      try await root.services.accountExport.exportAccounts { page throws(AuthError) in
        for account in page {
          do throws(JSONEncodingFailure) {
            sink.write(try JSONText.line(AccountExportLine(account)))
          } catch {
            unwritable = error
          }
        }
        count += page.count
        withSecondFactor += page.count { $0.secondFactor != nil }
      }
      if let unwritable {
        throw CLIError.internalFailure("An account has no JSON form: \(unwritable.reason)")
      }
      try sink.finish()
    } catch {
      sink.abandon()
      throw error
    }
    let factors = "\(withSecondFactor) with a second factor"
    if let path {
      try context.print(
        AccountsExported(
          exportedAccounts: count, path: path, secondFactors: withSecondFactor, exported: count))
    } else {
      // Standard output holds the export itself; what it holds is said beside it.
      context.note("Exported \(counted(count, "account")) (\(factors)).")
    }
    if withSecondFactor > 0 {
      context.note(
        "Second factors are exported sealed: importing them needs this store's key file"
          + " (AUTHCLI_SECRET_KEY_FILE). Recovery codes are not exported.")
    }
  }
}

/// `users export PATH`: how many accounts the file holds.
struct AccountsExported: JSONOutput, CommandOutput {
  let exportedAccounts: Int
  let path: String
  let secondFactors: Int
  /// Deprecated: `exported_accounts` (a verb alone is a flag elsewhere); removed in the
  /// next release.
  let exported: Int?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case exported, exportedAccounts = "exported_accounts", path, secondFactors = "second_factors"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.exported: "`exported_accounts`"]

  func text(style: Style) -> String {
    "Exported \(counted(exportedAccounts, "account")) "
      + "(\(secondFactors) with a second factor) to \(path) (mode 0600)."
  }
}

/// Where the export goes: standard output, or a file created for it alone (never one that
/// exists, never through a symbolic link), 0600 from the start since it holds hashes.
@MainActor
final class ExportSink {
  private let console: Console?
  private let descriptor: Int32
  private let path: String?
  private var failure: CLIError?

  init(console: Console) {
    self.console = console
    descriptor = -1
    path = nil
  }

  init(creating path: String) throws(CLIError) {
    // Judged as a token file's folder: whoever could write to it could swap the export.
    try PrivateFileReader.checkFolderIfPresent(PathText.parent(of: path))
    let opened = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard opened >= 0 else {
      if errno == EEXIST { throw .fileExists(path: path) }
      throw .cannotCreate(path: path, reason: .system(errno))
    }
    console = nil
    descriptor = opened
    self.path = path
  }

  func write(_ text: String) {
    if let console {
      console.output.write(text)
      return
    }
    guard failure == nil, let path else { return }
    var remaining = Array(text.utf8)[...]
    while !remaining.isEmpty {
      let written = remaining.withUnsafeBytes {
        SystemCall.write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        failure = .inputOutput(path: path, reason: .system(errno))
        return
      }
      remaining = remaining.dropFirst(written)
    }
  }

  /// Flushes the file to disk and closes it, or reports the first failed write.
  func finish() throws(CLIError) {
    guard let path else { return }
    if failure == nil, fsync(descriptor) != 0 {
      failure = .inputOutput(path: path, reason: .system(errno))
    }
    close(descriptor)
    if let failure {
      unlink(path)
      throw failure
    }
  }

  /// Closes and removes a file left incomplete.
  func abandon() {
    guard let path else { return }
    close(descriptor)
    unlink(path)
  }
}

extension UsersExportCommand {
  static let format = Option<ExportFormat>(
    "format", valueName: "format", help: "How the accounts are written.", default: .jsonl)

  /// The layouts an export is written in.
  enum ExportFormat: String, CaseIterable, Sendable {
    /// One JSON object a line, as `users import --format jsonl` reads it.
    case jsonl
  }
  static let path = Argument<String>(
    "path", help: "A new file to write (0600, never overwritten); standard output without it.",
    isOptional: true, completion: .files)

  static let declaration = Subcommand(
    "export", abstract: "Write every account with its hash, one JSON object a line.",
    discussion: """
      Each line holds username, password_hash, created_at, updated_at, last_sign_in_at,
      locked, locked_at, lock_reason and second_factor; with a factor (pending or enabled),
      its second_factor_* fields hold its secret still sealed under the key file, so
      importing it needs the same key file. Sessions, sign-in throttles,
      device cookies and recovery codes are not exported. 'users import --format jsonl'
      reads the lines back.
      """,
    arguments: [path], options: [format]
  ) { context in
    try await UsersExportCommand(context: context).run()
  }
}
