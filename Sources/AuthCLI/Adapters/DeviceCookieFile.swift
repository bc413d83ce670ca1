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
/// signed in here, named after the database and the account's id.
///
/// One file per account, rather than one file for all, keeps two sign-ins as different
/// accounts at the same time from losing one another's cookie, with no read-modify-write.
/// The id, not the name, names the file, so an operator's rename neither strands an
/// account's cookie nor hands its file to whoever takes the old name; every check presents
/// all of this database's cookies and the store trusts only the one bound to the account.
/// Signing out removes the session file, never these: a cookie says "this device has
/// signed in as this account before", which is what keeps a stranger's guesses from
/// locking it out.
struct DeviceCookieFile: DeviceCookieJar {
  /// The database's single cookie file, as releases before per-account cookies kept it
  /// (the latest account's cookie). It is still presented, and removed once its cookie has
  /// been replaced; never written. Files an earlier release named after an account's name
  /// (`<this path>-<digest of the name>`) are treated alike.
  let sharedFile: SessionStateFile

  /// The device cookie files of the database named by `key` (its path, or a server's name).
  static func forDatabase(
    at key: String, environment: ProcessEnvironment
  ) throws(CLIError) -> DeviceCookieFile {
    let session = try SessionStateFile.forDatabase(at: key, environment: environment)
    let folder = PathText.parent(of: session.path)
    let name = FilePathText.name(of: session.path)
    let cookies = DeviceCookieFile(
      sharedFile: SessionStateFile(path: folder + "/device-" + name.dropFirst("session-".count)))
    // Loudly, unlike the refusals `cookies()` swallows: a cookie others could read lets
    // them guess the owner's password past the throttle, and replacing it quietly would hide
    // that. Every cookie file of this database: each account's and the earlier releases'.
    for path in cookies.allFilePaths() {
      try PrivateFileReader.checkPermissions(of: path)
    }
    return cookies
  }

  /// The paths of this database's cookie files that exist now: the earlier release's
  /// single file, then each account's, in name order.
  func allFilePaths() -> [String] {
    let folder = PathText.parent(of: sharedFile.path)
    let shared = FilePathText.name(of: sharedFile.path)
    let prefix = shared + "-"
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      // A half-written file of `AtomicFile` (`….tmp-PID`) holds no cookie yet.
      let whole = !name.indices.contains { name[$0...].hasPrefix(".tmp-") }
      if whole, name == shared || name.hasPrefix(prefix) { names.append(name) }
    }
    return names.sorted().map { folder + "/" + $0 }
  }

  /// The file of one account's cookie.
  func file(for account: UserID) -> SessionStateFile {
    SessionStateFile(path: sharedFile.path + "-account-" + String(account.rawValue))
  }

  /// Every cookie of this database's files, each once; a file that is refused (another
  /// user's, a link) or unreadable is left out.
  func cookies() -> [SessionToken] {
    var seen: Set<SessionToken> = []
    return allFilePaths().compactMap { path in
      guard let cookie = try? SessionStateFile(path: path).read(), seen.insert(cookie).inserted
      else { return nil }
      return cookie
    }
  }

  /// Replaces the account's cookie, and removes every other file that held the cookie it
  /// replaces (one named after the account's former name, or an earlier release's); a
  /// failure leaves this client untrusted next time, nothing worse.
  func keep(_ cookie: SessionToken, for account: UserID, replacing: SessionToken?) {
    let own = file(for: account)
    try? own.write(cookie)
    guard let replacing else { return }
    for path in allFilePaths() where path != own.path {
      let other = SessionStateFile(path: path)
      if (try? other.read()) == replacing { try? other.remove() }
    }
  }
}
