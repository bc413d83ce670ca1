import AuthCore
import AuthStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// This client's device cookie for one database, kept like the session token: a private
/// file (0600 in the 0700 state folder, written atomically), named after the database.
///
/// Signing out removes the session file, never this one: the cookie says "this device has
/// signed in as this account before", which is what keeps a stranger's guesses from
/// locking it out.
struct DeviceCookieFile: DeviceCookieJar {
  /// The file, handled exactly as the session state file is.
  let file: SessionStateFile

  /// The device cookie file of the database named by `key` (its path, or a server's name).
  static func forDatabase(
    at key: String, environment: [String: String]
  ) throws(CLIError) -> DeviceCookieFile {
    let session = try SessionStateFile.forDatabase(at: key, environment: environment)
    let folder = PathText.parent(of: session.path)
    let name = FilePathText.name(of: session.path)
    let cookies = DeviceCookieFile(
      file: SessionStateFile(path: folder + "/device-" + name.dropFirst("session-".count)))
    // Loudly, unlike the refusals `cookie()` swallows: a cookie others could read lets them
    // guess the owner's password past the throttle, and replacing it quietly would hide that.
    try PrivateFileReader.checkPermissions(of: cookies.file.path)
    return cookies
  }

  /// The cookie, or `nil` when there is none or the file is refused (another user's, a link).
  func cookie() -> SessionToken? { try? file.read() }

  /// Replaces the cookie; a failure leaves this client untrusted next time, nothing worse.
  func keep(_ cookie: SessionToken) { try? file.write(cookie) }
}
