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

/// Writes a private file (0600) so that readers see the old or the new content, never half:
/// a new temporary file beside it (`O_EXCL`, so never one that is there nor through a
/// link), filled, flushed, then renamed over the path, which replaces a link there rather
/// than writing through it.
enum AtomicFile {
  static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    try write(to: path) { descriptor throws(CLIError) in
      var remaining = bytes[...]
      while !remaining.isEmpty {
        let written = remaining.withUnsafeBytes {
          SystemCall.write(descriptor, $0.baseAddress, $0.count)
        }
        if written < 0, errno != EINTR {
          throw .inputOutput(path: path, reason: .system(errno))
        } else if written > 0 {
          remaining = remaining.dropFirst(written)
        }
      }
    }
  }

  /// Replaces `path` with what `fill` writes to the descriptor of the new file.
  static func write(
    to path: String, _ fill: (Int32) throws(CLIError) -> Void
  ) throws(CLIError) {
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotCreate(path: path, reason: .system(errno))
    }
    var failure: CLIError?
    // The umask may have narrowed the mode, never widened it; set it exactly anyway.
    if fchmod(descriptor, 0o600) != 0 {
      failure = .cannotCreate(path: path, reason: .system(errno))
    }
    if failure == nil {
      do { try fill(descriptor) } catch { failure = error }
    }
    if failure == nil, fsync(descriptor) != 0 {
      failure = .inputOutput(path: path, reason: .system(errno))
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 {
      failure = .cannotCreate(path: path, reason: .system(errno))
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }
}
