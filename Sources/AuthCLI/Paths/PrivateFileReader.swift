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

/// Reads a small secret file only when nobody else could have put it there: the file is
/// a regular file of this user, reached without following a symbolic link, in a folder
/// that this user owns and that no one else can write to.
///
/// Otherwise another account that can write the folder could plant a token (so the next
/// command acts in a session of its choosing) or a link to a file of its choosing.
enum PrivateFileReader {
  /// More than any token; the rest of a larger file is not read.
  static let byteLimit = 1024

  /// The file's first `byteLimit` bytes, or `nil` when it does not exist.
  static func read(_ path: String) throws(CLIError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason = errno
      if reason == ENOENT || reason == ENOTDIR { return nil }
      if reason == ELOOP { throw .inputOutput(path: path, reason: "it is a symbolic link") }
      throw .inputOutput(path: path, reason: String(cString: strerror(reason)))
    }
    defer { close(descriptor) }
    try checkFolder(PathText.parent(of: path))
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .inputOutput(path: path, reason: String(cString: strerror(errno)))
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .inputOutput(path: path, reason: "it is not a regular file")
    }
    guard status.st_uid == geteuid() else {
      throw .inputOutput(path: path, reason: "it belongs to another user")
    }
    var bytes = [UInt8](repeating: 0, count: byteLimit)
    var filled = 0
    while filled < byteLimit {
      let count = bytes[filled...].withUnsafeMutableBytes {
        SystemCall.read(descriptor, $0.baseAddress, $0.count)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .inputOutput(path: path, reason: String(cString: strerror(errno)))
      }
      filled += count
    }
    return Array(bytes[..<filled])
  }

  /// Refuses a folder of another user, or one that others can write to.
  static func checkFolder(_ folder: String) throws(CLIError) {
    var status = stat()
    guard stat(folder, &status) == 0 else {
      throw .inputOutput(path: folder, reason: String(cString: strerror(errno)))
    }
    guard status.st_uid == geteuid() else {
      throw .inputOutput(path: folder, reason: "it belongs to another user")
    }
    guard status.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
      throw .inputOutput(
        path: folder, reason: "other users can write to it; make it private (chmod 700)")
    }
  }
}
