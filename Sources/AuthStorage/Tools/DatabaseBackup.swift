import AuthDatabase
import CSQLite

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

/// Why a backup was not written. Nothing is left at the destination in any of these cases.
public enum BackupError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Something already exists at the destination; it is never replaced.
  case destinationExists(path: String)
  /// The destination (or its temporary neighbour) could not be created.
  case cannotCreate(path: String, reason: FileFailureReason)
  /// The copy failed SQLite's integrity check and was removed.
  case integrityCheckFailed(path: String, problems: [String])
  /// The destination's folder (`folder`), or one on the way to it, is refused: another
  /// user's, or writable by others; nothing was written.
  case unsafeFolder(path: String, folder: String, reason: UnsafeFileReason)

  /// One line naming the path, never stored values.
  public var description: String {
    switch self {
    case .destinationExists(let path): "\(path) already exists; nothing was written"
    case .cannotCreate(let path, let reason): "cannot create \(path): \(reason)"
    case .integrityCheckFailed(let path, let problems):
      "the copy for \(path) failed the integrity check and was removed: "
        + problems.prefix(3).joined(separator: "; ")
    case .unsafeFolder(let path, let folder, let reason):
      folder == FilePathText.folder(of: path)
        ? "refusing the backup's folder \(folder): \(reason); nothing was written"
        : "refusing the backup's path \(path): \(folder) on it is unsafe: \(reason); "
          + "nothing was written"
    }
  }
}

/// A consistent copy of a live database in a new, private, checked file.
///
/// `VACUUM INTO` reads the source in one read transaction, so the copy is one snapshot
/// while other processes go on writing (in WAL mode they are not even blocked). The copy
/// is written into an empty file made beside the destination with mode 0600 (`VACUUM INTO`
/// accepts an empty file and keeps its mode), checked with `PRAGMA integrity_check`,
/// flushed, then hard-linked into place: the link fails rather than replaces, so an
/// existing file is never overwritten and no half-written copy ever has the name.
public enum DatabaseBackup {
  /// Copies `source` (any connection, read-only is enough) to `destination`.
  public static func write(from source: Database, to destination: String) throws -> BackupReport {
    var status = stat()
    if lstat(destination, &status) == 0 { throw BackupError.destinationExists(path: destination) }
    // Judged by the database's own rules, but named as what it is: the copy holds the same
    // hashes, and another user who could swap its folder would receive them.
    do {
      try FileSafety.checkFolder(of: destination)
    } catch StorageError.unsafeFolder(let folder, let reason) {
      throw BackupError.unsafeFolder(path: destination, folder: folder, reason: reason)
    } catch StorageError.unsafePath(_, let folder, let reason) {
      throw BackupError.unsafeFolder(path: destination, folder: folder, reason: reason)
    }
    let folder = FilePathText.folder(of: destination)
    let name = FilePathText.name(of: destination)
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).backup-\(suffix)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw BackupError.cannotCreate(path: destination, reason: .system(errno))
    }
    defer { unlink(temporary) }
    let modeStatus = fchmod(descriptor, 0o600) == 0 ? 0 : errno
    close(descriptor)
    if modeStatus != 0 {
      throw BackupError.cannotCreate(
        path: destination, reason: .system(modeStatus))
    }
    try source.execute("VACUUM INTO ?1", [.text(temporary)])
    let version = try check(temporary, reportedAs: destination)
    try flush(temporary, reportedAs: destination)
    if link(temporary, destination) != 0 {
      let reason = errno
      if reason == EEXIST { throw BackupError.destinationExists(path: destination) }
      throw BackupError.cannotCreate(path: destination, reason: .system(reason))
    }
    try? flush(folder.isEmpty ? "." : folder, reportedAs: destination)
    var copied = stat()
    return BackupReport(
      path: destination, sizeBytes: stat(destination, &copied) == 0 ? Int64(copied.st_size) : 0,
      schemaVersion: version)
  }

  /// Opens the copy read-only, runs the integrity check, and answers its schema version.
  private static func check(_ path: String, reportedAs destination: String) throws -> Int {
    let copy = try Database.open(path: path, options: OpenOptions(mode: .readOnly))
    defer { copy.close() }
    let problems = try copy.query("PRAGMA integrity_check") { $0.string(at: 0) }
    guard problems == ["ok"] else {
      throw BackupError.integrityCheckFailed(path: destination, problems: problems)
    }
    return try copy.userVersion()
  }

  /// `fsync` on a file or folder, so the copy and its name survive a crash.
  private static func flush(_ path: String, reportedAs destination: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw BackupError.cannotCreate(path: destination, reason: .system(errno))
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw BackupError.cannotCreate(path: destination, reason: .system(errno))
    }
  }
}
