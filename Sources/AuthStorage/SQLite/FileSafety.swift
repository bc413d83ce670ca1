import AuthDatabase

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

/// The checks that keep a database, its folder and its -wal/-shm files under this
/// user's control alone: `PrivateFileRule`, worded as the database's refusals.
enum FileSafety {
  /// Refuses a folder that another user owns or that group or others can write
  /// (followed if it is a link: the folder is judged by what it is, not how it is named),
  /// and a path to it through a folder others could change (see `FolderPath`).
  ///
  /// Root's own folders are accepted as well as this user's: root can change any file anyway.
  static func checkFolder(of path: String) throws {
    let folder = FilePathText.folder(of: path)
    switch PrivateFileRule.problem(withFolder: folder) {
    case nil: return
    case .onTheWay(let unsafe):
      throw StorageError.unsafePath(path: path, folder: unsafe.path, reason: unsafe.reason)
    case .unexamined(let code):
      throw StorageError.cannotCreate(path: path, reason: .system(code))
    case .folder(let reason):
      throw StorageError.unsafeFolder(path: folder.isEmpty ? "." : folder, reason: reason)
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
    if let reason = PrivateFileRule.problem(withFile: status, othersMayRead: true) {
      throw StorageError.unsafeFile(path: path, reason: reason)
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
      throw StorageError.cannotCreate(path: path, reason: .system(reason))
    }
    // Judged before opening, so a FIFO is never opened and a link never followed.
    try FileSafety.check(linkStatus, path: path)
    try FileSafety.checkFolder(of: path)
    let descriptor = openWithoutFollowing(path)
    guard descriptor >= 0 else {
      let reason = errno
      if reason == ELOOP { throw StorageError.unsafeFile(path: path, reason: .symbolicLink) }
      throw StorageError.cannotOpenFile(path: path, reason: .system(reason))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = errno
      close(descriptor)
      throw StorageError.cannotOpenFile(path: path, reason: .system(reason))
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
      throw StorageError.cannotOpenFile(
        path: path, reason: .described("it was replaced while opening"))
    }
  }
}
