import AuthDatabase

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

/// Reads a small secret file only when nobody else could have put it there or read it: the
/// file is a regular file of this user that no one else may read or write, reached without
/// following a symbolic link, in a folder that this user owns and that no one else can
/// write to.
///
/// Otherwise another account that can write the folder could plant a token (so the next
/// command acts in a session of its choosing) or a link to a file of its choosing.
enum PrivateFileReader {
  /// More than any token or key; the rest of a larger file is not read.
  static let byteLimit = 1024

  /// The file's first `limit` bytes, or `nil` when it does not exist.
  static func read(
    _ path: String, byteLimit limit: Int = PrivateFileReader.byteLimit
  ) throws(CLIError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason = errno
      if reason == ENOENT || reason == ENOTDIR { return nil }
      if reason == ELOOP {
        throw .inputOutput(path: path, reason: .described("it is a symbolic link"))
      }
      throw .inputOutput(path: path, reason: .system(reason))
    }
    defer { close(descriptor) }
    try checkFolder(PathText.parent(of: path))
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .inputOutput(path: path, reason: .system(errno))
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .inputOutput(path: path, reason: .described("it is not a regular file"))
    }
    try check(status, of: path)
    // Grown a chunk at a time, so a large limit costs nothing for a small file.
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(limit, 65_536))
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes {
        SystemCall.read(descriptor, $0.baseAddress, wanted)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .inputOutput(path: path, reason: .system(errno))
      }
      bytes += chunk[..<count]
    }
    return bytes
  }

  /// Refuses the way to `folder` when a folder on it could be changed by another user; the
  /// part of it that does not exist yet is not judged.
  static func checkPath(to folder: String) throws(CLIError) {
    if let unsafe = FolderPath.firstUnsafeStep(to: folder) {
      throw .inputOutput(
        path: folder, reason: .described("\(unsafe.path) on its path is unsafe: \(unsafe.reason)"))
    }
  }

  /// Refuses what `PrivateFileRule` refuses in a file's status (`lstat`, or `fstat` of a
  /// descriptor opened without following links): a link, another user's file, one that
  /// group or others may read or write.
  static func check(_ status: stat, of path: String) throws(CLIError) {
    switch PrivateFileRule.problem(withFile: status) {
    case nil: return
    case .symbolicLink: throw .inputOutput(path: path, reason: .described("it is a symbolic link"))
    case .ownedByAnotherUser:
      throw .inputOutput(path: path, reason: .described("it belongs to another user"))
    case .readableByOthers, .writableByOthers: try checkPermissions(status.st_mode, of: path)
    }
  }

  /// Refuses a file that group or others may read or write: a token others can read lets
  /// them act in the session (or, for a device cookie, escape the sign-in throttle), as a
  /// private key others can read is no longer private. Refused rather than tightened, so the
  /// owner learns that it was exposed.
  static func checkPermissions(_ mode: mode_t, of path: String) throws(CLIError) {
    let shown = String(mode & 0o7777, radix: 8)
    let command = "chmod 600 \(FilePathText.shellWord(path))"
    if mode & (S_IRGRP | S_IROTH) != 0 {
      throw .inputOutput(
        path: path,
        reason: .described(
          "other users can read it (mode \(shown)); make it private (\(command))"))
    }
    if mode & (S_IWGRP | S_IWOTH) != 0 {
      throw .inputOutput(
        path: path,
        reason: .described(
          "other users can write to it (mode \(shown)); make it private (\(command))"))
    }
  }

  /// Refuses a file kept in the state folder that group or others may read or write; a
  /// missing file, or one `read` refuses for another reason, is left to `read`.
  static func checkPermissions(of path: String) throws(CLIError) {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
    try checkPermissions(status.st_mode, of: path)
  }

  /// Refuses a folder of another user (root's aside), or one that others can write to, and
  /// a path to it through a folder others could change: `PrivateFileRule`, as for the
  /// database.
  static func checkFolder(_ folder: String) throws(CLIError) {
    guard let problem = PrivateFileRule.problem(withFolder: folder) else { return }
    throw refusal(of: folder, problem)
  }

  /// `checkFolder` for the folder a new file is to be made in: a missing folder is left to
  /// the create to report (the way to it is still judged).
  static func checkFolderIfPresent(_ folder: String) throws(CLIError) {
    guard let problem = PrivateFileRule.problem(withFolder: folder) else { return }
    if case .unexamined(let code) = problem, code == ENOENT || code == ENOTDIR { return }
    throw refusal(of: folder, problem)
  }

  private static func refusal(
    of folder: String, _ problem: PrivateFileRule.FolderProblem
  ) -> CLIError {
    let shown = folder.isEmpty ? "." : folder
    return switch problem {
    case .onTheWay(let unsafe):
      .inputOutput(
        path: shown, reason: .described("\(unsafe.path) on its path is unsafe: \(unsafe.reason)"))
    case .unexamined(let code):
      .inputOutput(path: shown, reason: .system(code))
    case .folder(.ownedByAnotherUser):
      .inputOutput(path: shown, reason: .described("it belongs to another user"))
    case .folder:
      .inputOutput(
        path: shown, reason: .described("other users can write to it; make it private (chmod 700)"))
    }
  }
}
