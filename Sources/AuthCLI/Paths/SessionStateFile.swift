import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The current session's token for one database, kept in `$XDG_STATE_HOME/authcli/`.
///
/// The file is private (0600 in a 0700 folder), written atomically (a private
/// temporary file renamed over it), replaced on sign-in and removed on sign-out.
/// Its name comes from a hash of the database's key (`StateFileKey`: an SQLite file's
/// absolute path, or where a PostgreSQL connection arrived), so each database has its own
/// session and the key itself is not spelled out in the folder.
struct SessionStateFile: Sendable {
  /// The file's absolute path.
  let path: String

  /// The state file of the database with this key (`StateFileKey`).
  static func forDatabase(
    at key: String, environment: ProcessEnvironment
  ) throws(CLIError) -> SessionStateFile {
    let folder =
      try XDGDirectory.state.path(environment: environment) + "/" + KnownFile.stateFolderName
    return SessionStateFile(path: folder + "/session-\(PathDigest.hex(of: key))")
  }

  /// A state file at an exact path.
  init(path: String) { self.path = path }

  /// The stored token, or `nil` when nobody is signed in.
  func read() throws(CLIError) -> SessionToken? {
    guard let bytes = try PrivateFileReader.read(path) else { return nil }
    // Trimmed with the standard library: Foundation's `trimmingCharacters` goes through
    // NSString, a visible cost in a command as short as `whoami`.
    let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
    let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
    let end = scalars[start...].lastIndex { !$0.properties.isWhitespace }
    guard let end else { return nil }
    return SessionToken(rawValue: String(scalars[start...end]))
  }

  /// Replaces the stored token.
  func write(_ token: SessionToken) throws(CLIError) {
    try prepareFolder()
    try AtomicFile.write(Array((token.rawValue + "\n").utf8), to: path)
  }

  /// Creates the state folder (0700) now, so a sign-in fails before it starts a session
  /// it could not keep. A token file others may read is refused here too: replacing it
  /// would leave its session, which they may hold, running (`read` refuses it, so the
  /// sign-in could not end it first).
  func prepareFolder() throws(CLIError) {
    let folder = PathText.parent(of: path)
    do {
      // Before any folder is made, so none is made where another user could move it.
      try PrivateFileReader.checkPath(to: folder)
      try PrivateDirectory.create(folder)
      try PrivateFileReader.checkFolder(folder)
    } catch {
      if case .inputOutput(_, let reason) = error {
        throw .cannotCreate(path: folder, reason: reason)
      }
      throw error
    }
    try PrivateFileReader.checkPermissions(of: path)
  }

  /// Takes over `older`'s file when this one does not exist yet, so that a session (or
  /// cookie) kept under an earlier release's name is found under this one's. The file is
  /// linked under the new name (which never replaces a file there), then unlinked from
  /// the old; any failure leaves both as they were.
  func adopt(_ older: SessionStateFile) {
    guard older.path != path, linkat(AT_FDCWD, older.path, AT_FDCWD, path, 0) == 0 else {
      return
    }
    unlink(older.path)
  }

  /// Forgets the token; a missing file is fine.
  func remove() throws(CLIError) {
    if unlink(path) != 0, errno != ENOENT {
      throw .inputOutput(path: path, reason: .system(errno))
    }
  }
}
