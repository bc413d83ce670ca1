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

/// Writes a private file (0600) so that readers see the old or the new content, never half.
enum AtomicFile {
  static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    var failure: CLIError?
    var remaining = bytes[...]
    while !remaining.isEmpty, failure == nil {
      let written = remaining.withUnsafeBytes {
        SystemCall.write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0, errno != EINTR {
        failure = .inputOutput(path: path, reason: String(cString: strerror(errno)))
      } else if written > 0 {
        remaining = remaining.dropFirst(written)
      }
    }
    if failure == nil, fsync(descriptor) != 0 {
      failure = .inputOutput(path: path, reason: String(cString: strerror(errno)))
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 {
      failure = .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }
}
