#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a database file or its folder is refused: someone other than this user could
/// have planted it or could change it.
public enum UnsafeFileReason: Hashable, Sendable, CustomStringConvertible {
  /// The path is a symbolic link (dangling or not); links are never followed.
  case symbolicLink
  /// The file or folder belongs to another user (its owner's user id).
  case ownedByAnotherUser(uid: UInt32)
  /// Group or others may write to the file or folder (its permission bits).
  case writableByOthers(mode: UInt32)
  /// Group or others may read the file (its permission bits): it holds password hashes and
  /// the name-hash key, or a bearer token.
  case readableByOthers(mode: UInt32)

  /// The reason, completing "refusing … : ".
  public var description: String {
    switch self {
    case .symbolicLink: "it is a symbolic link"
    case .ownedByAnotherUser(let uid): "it belongs to another user (uid \(uid))"
    case .writableByOthers(let mode):
      "other users can write to it (mode \(String(mode & 0o7777, radix: 8)))"
    case .readableByOthers(let mode):
      "other users can read it (mode \(String(mode & 0o7777, radix: 8)))"
    }
  }
}

/// The folders on the way to a folder, judged as OpenSSH's `StrictModes` judges the way to
/// `authorized_keys`: whoever can rename an entry in any of them can swap what the path
/// reaches (a private folder further down included) for a folder of their choosing.
package enum FolderPath {
  /// A folder or link on the way, and why it is refused.
  package struct Step: Hashable, Sendable {
    /// The component as reached, links above it followed.
    package let path: String
    /// Why it is refused.
    package let reason: UnsafeFileReason
  }

  /// How many links are followed before the walk gives up; the kernel stops at 40 as well,
  /// and the open then reports the loop itself.
  private static let linkLimit = 40

  /// The first component on the way from `/` to `folder` that another user could change,
  /// walked as the kernel resolves the path (a relative one from the working directory,
  /// symbolic links followed where they stand); `nil` when there is none.
  ///
  /// Every folder passed through must belong to this user or root and be writable by
  /// neither group nor others, unless it is sticky (as `/tmp` is), where others may only
  /// rename their own entries: then the entry taken from it, folder or link, must belong
  /// to this user or root. `folder` itself is judged for ownership and links only; its own
  /// mode is the caller's to judge, by a stricter rule. A missing or unreadable component
  /// ends the walk without a verdict, for the open that follows to report.
  package static func firstUnsafeStep(to folder: String) -> Step? {
    var pending: [Substring]
    if folder.hasPrefix("/") {
      pending = folder.split(separator: "/")
    } else {
      guard let base = getcwd(nil, 0) else { return nil }
      defer { free(base) }
      pending = String(cString: base).split(separator: "/") + folder.split(separator: "/")
    }
    pending.reverse()
    var resolved = "/"
    var status = stat()
    guard lstat(resolved, &status) == 0 else { return nil }
    if let reason = judge(status, isLast: pending.isEmpty) {
      return Step(path: "/", reason: reason)
    }
    var openFolder = isSticky(status)
    var links = 0
    while let component = pending.popLast() {
      if component == "." { continue }
      if component == ".." {
        resolved = FilePathText.folder(of: resolved)
        guard lstat(resolved, &status) == 0 else { return nil }
        openFolder = isSticky(status)
        continue
      }
      let candidate = resolved == "/" ? "/" + component : resolved + "/" + component
      guard lstat(candidate, &status) == 0 else { return nil }
      // In a sticky folder others can write, only the owner of an entry can rename it.
      if openFolder, !isOurs(status) {
        return Step(path: candidate, reason: .ownedByAnotherUser(uid: UInt32(status.st_uid)))
      }
      switch status.st_mode & S_IFMT {
      case S_IFLNK:
        links += 1
        guard links <= linkLimit, let target = linkTarget(candidate) else { return nil }
        if target.hasPrefix("/") {
          resolved = "/"
          guard lstat(resolved, &status) == 0 else { return nil }
          openFolder = isSticky(status)
        }
        pending.append(contentsOf: target.split(separator: "/").reversed())
      case S_IFDIR:
        if let reason = judge(status, isLast: pending.isEmpty) {
          return Step(path: candidate, reason: reason)
        }
        resolved = candidate
        openFolder = isSticky(status)
      default:
        return nil
      }
    }
    return nil
  }

  /// Why a folder on the way is refused, if it is: another user's, or writable by group
  /// or others without the sticky bit. The last folder's mode is left to the caller.
  private static func judge(_ status: stat, isLast: Bool) -> UnsafeFileReason? {
    if !isOurs(status) { return .ownedByAnotherUser(uid: UInt32(status.st_uid)) }
    if !isLast, status.st_mode & (S_IWGRP | S_IWOTH) != 0, status.st_mode & S_ISVTX == 0 {
      return .writableByOthers(mode: UInt32(status.st_mode))
    }
    return nil
  }

  /// A folder others may write to but where each may rename only their own entries.
  private static func isSticky(_ status: stat) -> Bool {
    status.st_mode & (S_IWGRP | S_IWOTH) != 0 && status.st_mode & S_ISVTX != 0
  }

  /// Whether this user or root owns it; root can change any file anyway.
  private static func isOurs(_ status: stat) -> Bool {
    status.st_uid == geteuid() || status.st_uid == 0
  }

  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
