import AuthCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The turns of a database file: a write lock on one byte of the file, taken through an
/// open file description of its own (Linux's `F_OFD_SETLK`), which the kernel releases
/// when the process ends, killed or not.
///
/// Why this lock and these bytes:
/// - SQLite locks the bytes from 0x40000000 on (PENDING, RESERVED, then 510 SHARED bytes)
///   with POSIX record locks. A turn's byte lies at 4 GiB or more, so it never overlaps them
///   (record locks and description locks on the same bytes would exclude each other even
///   within one process). Nothing reads or writes through these locks: they are advisory.
/// - A POSIX record lock (`F_SETLK`) would be dropped, with all of SQLite's, when any
///   descriptor of the file in this process closes, and is not exclusive between threads
///   of one process. A description lock belongs to the descriptor opened here, which no
///   one else closes; two of this process's checks are kept apart by `InProcessCheckTurns`
///   first.
/// - That descriptor is never closed, for the same reason in the other direction: closing
///   it would drop every POSIX lock SQLite holds on the file in this process. So one is
///   opened per file (device and inode) and kept for the life of the process.
/// - The byte is chosen by the key's hash under the database's name key (`NameHash`), among
///   2^24: /proc/locks shows every lock's bytes to every local user, and a key may be a
///   secret typed as a name. Two keys on one byte only wait for each other.
final class FileCheckTurns: Sendable {
  /// The descriptor the turns' locks belong to; open until the process ends.
  private let descriptor: Int32
  /// Keeps this process's checks of one key apart, which one description cannot.
  private let inProcess = InProcessCheckTurns()

  /// One per file in this process, by device and inode.
  private static let opened = Mutex([FileIdentity: FileCheckTurns]())

  private struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
  }

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// The turns of the database file at `path`, shared by every store of this process on it.
  static func forFile(at path: String) throws -> FileCheckTurns {
    try opened.withLock { opened in
      var named = stat()
      if lstat(path, &named) == 0,
        let known = opened[FileIdentity(device: UInt64(named.st_dev), inode: UInt64(named.st_ino))]
      {
        return known
      }
      // A file this process may only read is opened so too: a store on it writes nothing,
      // so it checks no password, and takes no turn.
      var descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
      if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
      guard descriptor >= 0 else {
        throw StorageError.cannotOpenFile(path: path, reason: .system(errno))
      }
      var status = stat()
      // The descriptor stays open even when this fails: closing it would drop SQLite's locks.
      guard fstat(descriptor, &status) == 0 else {
        throw StorageError.cannotOpenFile(path: path, reason: .system(errno))
      }
      let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      if let known = opened[identity] { return known }
      let turns = FileCheckTurns(descriptor: descriptor)
      opened[identity] = turns
      return turns
    }
  }

  /// Runs `work` holding the turn of `hashedKey` (a key's hash under the database's name
  /// key, as 64 hex digits) among this process's checks, then on the file.
  func withTurn<T: Sendable>(
    forHashedKey hashedKey: String, waitingAtMost patience: Duration,
    _ work: () async throws(AuthError) -> T
  ) async throws(AuthError) -> T {
    let deadline = ContinuousClock.now.advanced(by: patience)
    return try await inProcess.withTurn(for: hashedKey, waitingAtMost: patience) {
      () throws(AuthError) -> T in
      // 4 GiB plus 24 bits of the hash.
      let offset = (1 << 32) + (Int64(hashedKey.prefix(6), radix: 16) ?? 0)
      let left = max(ContinuousClock.now.duration(to: deadline), .zero)
      try await InProcessCheckTurns.waitFor(left) { () throws(AuthError) -> Bool in
        try lock(at: offset, type: F_WRLCK)
      }
      defer { _ = try? lock(at: offset, type: F_UNLCK) }
      return try await work()
    }
  }

  /// Sets (or clears) the lock on the byte at `offset` without waiting; answers whether it
  /// is set, false while another description holds it.
  private func lock(at offset: Int64, type: Int32) throws(AuthError) -> Bool {
    var request = flock()
    request.l_type = Int16(type)
    request.l_whence = Int16(SEEK_SET)
    request.l_start = off_t(offset)
    request.l_len = 1
    // Description locks need `l_pid` zero.
    request.l_pid = 0
    if fcntl(descriptor, Self.setDescriptionLock, &request) == 0 { return true }
    let reason = errno
    if reason == EAGAIN || reason == EACCES { return false }
    throw .store(
      .failed(
        StoreFailure(
          .ioError, message: "Cannot lock the database file: \(String(cString: strerror(reason)))"
        )))
  }

  /// `F_OFD_SETLK` (Linux's fcntl.h), which the C module does not export.
  private static let setDescriptionLock: Int32 = 37
}

/// A store's view of its file's turns: each key placed by its hash under the database's name
/// key, which the store reads (and refuses when damaged, as every name's hash does).
struct KeyedFileTurns: CheckTurns {
  /// The file's turns.
  let file: FileCheckTurns
  /// The key's hash under the database's name key, as 64 hex digits.
  let hashed: @Sendable (String) throws(AuthError) -> String

  /// Runs `work` holding `key`'s turn (see `FileCheckTurns`).
  func withTurn<T: Sendable>(
    for key: String, waitingAtMost patience: Duration,
    _ work: () async throws(AuthError) -> T
  ) async throws(AuthError) -> T {
    try await file.withTurn(forHashedKey: try hashed(key), waitingAtMost: patience, work)
  }
}
