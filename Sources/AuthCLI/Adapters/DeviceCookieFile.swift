import AuthCore
import AuthDatabase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// This client's device cookies for one database, kept like the session token: private
/// files (0600 in the 0700 state folder, each written atomically), one per account that
/// signed in here, named after the database and a digest of the account's canonical name.
///
/// One file per account, rather than one file for all, keeps two sign-ins as different
/// accounts at the same time from losing one another's cookie, with no read-modify-write.
/// Signing out removes the session file, never these: a cookie says "this device has
/// signed in as this account before", which is what keeps a stranger's guesses from
/// locking it out.
struct DeviceCookieFile: DeviceCookieJar {
  /// The database's single cookie file, as releases before per-account cookies kept it
  /// (the latest account's cookie). It is still read, for an account with no file of its
  /// own, and removed once its cookie has been replaced; never written.
  let sharedFile: SessionStateFile

  /// The device cookie files of the database named by `key` (its path, or a server's name).
  static func forDatabase(
    at key: String, environment: [String: String]
  ) throws(CLIError) -> DeviceCookieFile {
    let session = try SessionStateFile.forDatabase(at: key, environment: environment)
    let folder = PathText.parent(of: session.path)
    let name = FilePathText.name(of: session.path)
    let cookies = DeviceCookieFile(
      sharedFile: SessionStateFile(path: folder + "/device-" + name.dropFirst("session-".count)))
    // Loudly, unlike the refusals `cookie(for:)` swallows: a cookie others could read lets
    // them guess the owner's password past the throttle, and replacing it quietly would hide
    // that. Every cookie file of this database: each account's and the earlier release's.
    for path in [cookies.sharedFile.path] + cookies.accountFilePaths() {
      try PrivateFileReader.checkPermissions(of: path)
    }
    return cookies
  }

  /// The paths of the accounts' cookie files of this database that exist now.
  func accountFilePaths() -> [String] {
    let folder = PathText.parent(of: sharedFile.path)
    let prefix = FilePathText.name(of: sharedFile.path) + "-"
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var paths: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(prefix) { paths.append(folder + "/" + name) }
    }
    return paths
  }

  /// The file of one account's cookie.
  func file(for account: String) -> SessionStateFile {
    SessionStateFile(path: sharedFile.path + "-" + PathDigest.hex(of: account))
  }

  /// The account's cookie, else the one of the single file an earlier release kept (the
  /// store trusts it only for the account it was issued to); `nil` when there is none or
  /// the file is refused (another user's, a link).
  func cookie(for account: String) -> SessionToken? {
    if let own = try? file(for: account).read() { return own }
    return try? sharedFile.read()
  }

  /// Replaces the account's cookie, and removes the earlier release's file when its cookie
  /// was the one replaced; a failure leaves this client untrusted next time, nothing worse.
  func keep(_ cookie: SessionToken, for account: String, replacing: SessionToken?) {
    try? file(for: account).write(cookie)
    if let replacing, (try? sharedFile.read()) == replacing { try? sharedFile.remove() }
  }
}
