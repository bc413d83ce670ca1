#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one rule for every file authcli reads or writes: the database (and its backup), the
/// session token and device cookie files, the second-factor key, the shell's history and
/// an export. The file is no symbolic link, belongs to this user, and no one else may
/// write it (nor read it, where it holds a secret); its folder belongs to this user (or
/// root) and no one else may write it; every folder on the way is judged by `FolderPath`.
///
/// Each caller opens the file itself (`O_NOFOLLOW`, or `O_EXCL` for a new one) and judges
/// what it opened; none hands a path to a C library that would open it by name. The
/// callers word the refusals their own way (the database's, the state files'), so this
/// answers why, not a message.
package enum PrivateFileRule {
  /// Why the folder a private file is in, or will be made in, is refused.
  package enum FolderProblem: Hashable, Sendable {
    /// A folder or link on the way to it could be changed by another user.
    case onTheWay(FolderPath.Step)
    /// The folder itself belongs to another user, or group or others may write to it.
    case folder(UnsafeFileReason)
    /// The folder could not be examined (`stat`'s `errno`: `ENOENT` when it is missing).
    case unexamined(Int32)
  }

  /// Judges `folder` (the working directory when empty): the way to it, then the folder as
  /// it is reached (links followed, since the way to them was judged); `nil` when it passes.
  package static func problem(withFolder folder: String) -> FolderProblem? {
    let named = folder.isEmpty ? "." : folder
    if let step = FolderPath.firstUnsafeStep(to: named) { return .onTheWay(step) }
    var status = stat()
    guard stat(named, &status) == 0 else { return .unexamined(errno) }
    // Root's own folders are accepted as well as this user's: root can change any file.
    if status.st_uid != geteuid() && status.st_uid != 0 {
      return .folder(.ownedByAnotherUser(uid: UInt32(status.st_uid)))
    }
    if status.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      return .folder(.writableByOthers(mode: UInt32(status.st_mode)))
    }
    return nil
  }

  /// Judges a file by its status, as `lstat` or `fstat` on a descriptor opened without
  /// following links gave it: a link, another user's file, one that group or others may
  /// read (unless `othersMayRead`, for a file judged readable later) or write. Whether it
  /// is a regular file is the caller's to judge, since each names other kinds its own way.
  package static func problem(
    withFile status: stat, othersMayRead: Bool = false
  )
    -> UnsafeFileReason?
  {
    if status.st_mode & S_IFMT == S_IFLNK { return .symbolicLink }
    if status.st_uid != geteuid() { return .ownedByAnotherUser(uid: UInt32(status.st_uid)) }
    if !othersMayRead, status.st_mode & (S_IRGRP | S_IROTH) != 0 {
      return .readableByOthers(mode: UInt32(status.st_mode))
    }
    if status.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      return .writableByOthers(mode: UInt32(status.st_mode))
    }
    return nil
  }
}
