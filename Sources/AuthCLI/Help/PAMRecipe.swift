import AuthCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The PAM service file `authcli help pam [SERVICE]` prints: pam_exec runs this binary's
/// `verify --pam` on the database the command was given, and the lines around it are what
/// the callers need besides a yes or no.
///
/// - pam_exec returns `PAM_SYSTEM_ERR` for any exit status but 0 and cannot be told
///   otherwise, so the recipe jumps over `pam_deny.so` on success and lets pam_deny give
///   the refusal: the caller logs "Authentication failure", not "System error".
/// - pam_exec sets no credentials (its `pam_setcred` is ignored); a stack whose only module
///   is ignored there fails `pam_setcred`, and sshd and su then close the session. The
///   final `pam_permit.so` is what answers `pam_setcred`; pam_exec's `ignore=1` skips
///   pam_deny there. During authentication pam_exec is never ignored (it has no `type=`).
enum PAMRecipe {
  /// The service the page is for when none is named: one to name in a program's settings
  /// (nginx's `auth_pam_service_name`).
  static let defaultService = "authcli"

  /// Services whose users are local accounts, which sign in to a session of their own:
  /// their `account` and `session` lines are pam_unix's, which knows those accounts.
  static let localLoginServices: Set<String> = ["sshd", "su", "su-l", "login", "sudo", "runuser"]

  /// Whether `word` can stand in a PAM file as one argument and as a service's file name.
  static func isPlainWord(_ word: String) -> Bool {
    !word.isEmpty && !word.utf8.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "[") }
  }

  /// Whether `service` can be the name of a file in /etc/pam.d.
  static func isServiceName(_ service: String) -> Bool {
    isPlainWord(service) && !service.contains("/") && service != "." && service != ".."
  }

  /// The file for `service`, running `binary` on `database` (a path or a URI); with
  /// `groups`, only their members are admitted.
  static func text(
    service: String, binary: String, database: String, groups: [GroupName] = []
  ) -> String {
    let local = localLoginServices.contains(service)
    let admitted = groups.map { " --group " + $0.canonical }.joined()
    let verify = "\(binary) --db \(database) verify --pam" + admitted
    var lines = [
      "# /etc/pam.d/\(service): passwords checked by authcli (made by 'authcli help pam \(service)\(admitted)')",
      "auth     [success=1 ignore=1 default=ignore]  pam_exec.so expose_authtok quiet \(verify)",
      "auth     requisite  pam_deny.so",
      "auth     required   pam_permit.so",
    ]
    if local {
      lines += [
        "# \(service) signs in local users: pam_unix checks their account and opens the session.",
        "account  required   pam_unix.so",
        "session  required   pam_unix.so",
      ]
    } else {
      lines += [
        "account  required   pam_permit.so",
        "session  required   pam_permit.so",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Where this process's executable is, as a PAM file must name it.
enum ExecutablePath {
  /// The executable's absolute path: the kernel's `/proc/self/exe` link where there is
  /// one, else the command's first word made absolute.
  static func ofThisProcess(currentDirectory: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 {
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let first = CommandLine.arguments.first ?? "authcli"
    if first.hasPrefix("/") { return first }
    return PathText.standardized(currentDirectory + "/" + first)
  }
}
