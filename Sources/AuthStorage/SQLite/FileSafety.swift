#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc

  private func openWithoutFollowing(_ path: String) -> Int32 {
    Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
  }
#elseif canImport(Darwin)
  import Darwin

  private func openWithoutFollowing(_ path: String) -> Int32 {
    Darwin.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
  }
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

/// The checks that keep a database, its folder and its -wal/-shm files under this
/// user's control alone.
enum FileSafety {
  /// Refuses a folder that another user owns or that group or others can write
  /// (followed if it is a link: the folder is judged by what it is, not how it is named),
  /// and a path to it through a folder others could change (see `FolderPath`).
  ///
  /// Root's own folders are accepted as well as this user's: root can change any file anyway.
  static func checkFolder(of path: String) throws {
    let folder = FilePathText.folder(of: path)
    let named = folder.isEmpty ? "." : folder
    if let unsafe = FolderPath.firstUnsafeStep(to: named) {
      throw StorageError.unsafePath(path: path, folder: unsafe.path, reason: unsafe.reason)
    }
    var status = stat()
    guard stat(named, &status) == 0 else {
      throw StorageError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    if status.st_uid != geteuid() && status.st_uid != 0 {
      throw StorageError.unsafeFolder(
        path: named, reason: .ownedByAnotherUser(uid: UInt32(status.st_uid)))
    }
    if status.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      throw StorageError.unsafeFolder(
        path: named, reason: .writableByOthers(mode: UInt32(status.st_mode)))
    }
  }

  /// Judges a file's status: a regular, non-empty file of this user that no one else may
  /// write. Whether others may read it is judged once the file is known to be an authcli
  /// database (`Database.open`): a text file or another program's database is named as such.
  static func check(_ status: stat, path: String) throws {
    let kind = status.st_mode & S_IFMT
    if kind == S_IFLNK { throw StorageError.unsafeFile(path: path, reason: .symbolicLink) }
    if kind == S_IFDIR { throw StorageError.isDirectory(path: path) }
    // A FIFO would block the open until a writer comes, a device reads as anything:
    // only a regular file can be a database.
    if kind != S_IFREG { throw StorageError.notADatabase(path: path) }
    if status.st_uid != geteuid() {
      throw StorageError.unsafeFile(
        path: path, reason: .ownedByAnotherUser(uid: UInt32(status.st_uid)))
    }
    if status.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      throw StorageError.unsafeFile(
        path: path, reason: .writableByOthers(mode: UInt32(status.st_mode)))
    }
    // SQLite would take an empty file for a new database and write into it; new
    // databases of ours never appear empty (see `createFile`), so this one is not ours.
    if status.st_size == 0 { throw StorageError.emptyFile(path: path) }
  }

  /// Gives the -wal and -shm files mode 0600 whatever the umask or the main file's mode
  /// (SQLite creates them with the main file's mode), refusing links and files of others.
  ///
  /// By path, never through a descriptor: closing a descriptor of a file drops every POSIX
  /// lock this process holds on it, SQLite's included. The folder was checked, so no other
  /// user can swap the files between the `lstat` and the `chmod`.
  static func tightenCompanions(of path: String) throws {
    for suffix in ["-wal", "-shm"] {
      let companion = path + suffix
      var status = stat()
      guard lstat(companion, &status) == 0 else { continue }
      if (status.st_mode & S_IFMT) == S_IFLNK {
        throw StorageError.unsafeFile(path: companion, reason: .symbolicLink)
      }
      if (status.st_mode & S_IFMT) != S_IFREG { throw StorageError.notADatabase(path: companion) }
      if status.st_uid != geteuid() {
        throw StorageError.unsafeFile(
          path: companion, reason: .ownedByAnotherUser(uid: UInt32(status.st_uid)))
      }
      if status.st_mode & 0o077 != 0 { _ = chmod(companion, 0o600) }
    }
  }
}

/// A database file opened (without following links) and judged safe, kept open until
/// SQLite has opened the same path, so the judged file and the used file are one.
struct CheckedFile {
  /// The descriptor used for `fstat`; the caller closes it.
  let descriptor: Int32
  /// The device judged.
  let device: UInt64
  /// The inode judged.
  let inode: UInt64
  /// Its permission bits when judged.
  let mode: mode_t

  /// Opens and judges the file at `path`; `nil` when nothing is there (not even a link).
  static func open(_ path: String) throws -> CheckedFile? {
    var linkStatus = stat()
    guard lstat(path, &linkStatus) == 0 else {
      let reason = errno
      if reason == ENOENT { return nil }
      throw StorageError.cannotCreate(path: path, reason: String(cString: strerror(reason)))
    }
    // Judged before opening, so a FIFO is never opened and a link never followed.
    try FileSafety.check(linkStatus, path: path)
    try FileSafety.checkFolder(of: path)
    let descriptor = openWithoutFollowing(path)
    guard descriptor >= 0 else {
      let reason = errno
      if reason == ELOOP { throw StorageError.unsafeFile(path: path, reason: .symbolicLink) }
      throw StorageError.cannotOpenFile(path: path, reason: String(cString: strerror(reason)))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = errno
      close(descriptor)
      throw StorageError.cannotOpenFile(path: path, reason: String(cString: strerror(reason)))
    }
    do {
      try FileSafety.check(status, path: path)
    } catch {
      close(descriptor)
      throw error
    }
    return CheckedFile(
      descriptor: descriptor, device: UInt64(status.st_dev), inode: UInt64(status.st_ino),
      mode: status.st_mode)
  }

  /// Refuses when the path no longer names the judged file (it was replaced meanwhile).
  func requireSameFile(at path: String) throws {
    var status = stat()
    guard lstat(path, &status) == 0, UInt64(status.st_dev) == device,
      UInt64(status.st_ino) == inode
    else {
      throw StorageError.cannotOpenFile(path: path, reason: "it was replaced while opening")
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
