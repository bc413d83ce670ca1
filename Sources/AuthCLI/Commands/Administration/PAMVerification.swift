import AuthCore
import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `authcli verify --pam`: the program of `pam_exec.so expose_authtok`, which runs it with
/// the account's name in `PAM_USER` and writes the password to its standard input followed
/// by one NUL byte (Linux-PAM's pam_exec writes `strlen(authtok) + 1` bytes, then closes
/// the pipe). The answer is the exit status alone: 0 for a right password, 77 for anything
/// else, and nothing on standard output.
@MainActor
struct PAMVerification {
  let context: CommandContext

  /// More than any password the rules accept, with room for the NUL.
  static let byteLimit = 4096

  func run() async throws {
    // Only here is the name read from the environment: PAM put it there. `--username`
    // wins over it.
    guard let name = context.typedUsername ?? context.process.environment[.pamUser], !name.isEmpty
    else {
      throw context.usageError("verify --pam needs PAM_USER (set by pam_exec) or --username")
    }
    let location = try context.existingDatabaseLocation()
    let password = try Self.readToken()
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment)
    // The caller takes the name as the login name it is: `PAMUSER` or ` pamuser` is not
    // pamuser, though signin would read them so.
    let result = try await root.services.signIn.verify(
      request: SignInRequest(
        username: name, password: password,
        caller: Self.caller(environment: context.process.environment)),
      exactName: true, memberOfAny: context.values[VerifyCommand.group])
    guard case .valid = result else {
      if result.reason == .passwordChangeRequired { throw VerifyCommand.passwordChangeRequired }
      throw CLIError.signInRefused(result.errorMessage ?? AuthMessages.signInFailed)
    }
  }

  /// Who asked, as pam_exec tells it (`PAM_SERVICE`, `PAM_RHOST`, `PAM_TTY`), for the audit
  /// trail: "PAM service sshd, from 192.0.2.7, tty ssh". Each value is what the calling
  /// program or a remote peer said, so only its first 64 printable ASCII characters are
  /// kept (no spaces, parentheses or semicolons, which would blur the detail's fields).
  static func caller(environment: ProcessEnvironment) -> String {
    func plain(_ value: String?) -> String? {
      guard let value else { return nil }
      let kept = value.unicodeScalars.filter {
        $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"();".unicodeScalars.contains($0)
      }
      let text = String(String.UnicodeScalarView(kept.prefix(64)))
      return text.isEmpty ? nil : text
    }
    var parts = ["PAM service " + (plain(environment[.pamService]) ?? "unnamed")]
    if let host = plain(environment[.pamRemoteHost]) { parts.append("from " + host) }
    if let tty = plain(environment[.pamTerminal]) { parts.append("tty " + tty) }
    return parts.joined(separator: ", ")
  }

  /// Standard input to its end: the token and the NUL pam_exec ends it with. A NUL inside
  /// it, or more bytes than any password, is no token.
  static func readToken() throws(CLIError) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1024)
    while bytes.count <= byteLimit {
      let count = chunk.withUnsafeMutableBytes {
        SystemCall.read(STDIN_FILENO, $0.baseAddress, $0.count)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .inputOutput(path: "standard input", reason: .system(errno))
      }
      bytes += chunk[..<count]
    }
    defer { for index in bytes.indices { bytes[index] = 0 } }
    guard bytes.count <= byteLimit else { throw .lineTooLong }
    if bytes.last == 0 { bytes.removeLast() }
    guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
      throw .notText
    }
    return text
  }
}

extension PAMVerification {
  static let flag = Flag(
    "pam",
    help: "Answer pam_exec (expose_authtok): the name from PAM_USER, the password as pam_exec "
      + "writes it, the exit status only.")
}
