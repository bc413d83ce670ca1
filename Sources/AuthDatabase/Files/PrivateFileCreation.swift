#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates a private file that is whole from the moment it appears at its path, and never
/// replaces one that is there: the database file and the second factor's key file.
///
/// The file is built under a private temporary name beside the path (same folder, so the
/// link cannot cross file systems), created with `O_EXCL` and mode 0600 (set exactly,
/// whatever the umask), filled, then hard-linked into place, which fails rather than
/// replaces. Two processes creating the same file race only at the link; the loser keeps
/// the winner's file.
public enum PrivateFileCreation {
  /// Why the file could not be made.
  public struct Failure: Error, Hashable, Sendable {
    /// The system's reason, by its error number.
    public let reason: FileFailureReason
    init(_ code: Int32) { reason = .system(code) }
  }

  /// Creates `path` with what `fill` writes into the temporary file (named by its path, and
  /// closed while `fill` runs); answers `false` when a file already existed at `path`, which
  /// is left as it was. `fill`'s own errors pass through; the temporary file never stays.
  @discardableResult
  public static func create(at path: String, fill: (String) throws -> Void) throws -> Bool {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { path[...$0] } ?? ""
    let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
    let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let temporary = "\(folder).\(name).new-\(suffix)"
    let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Failure(errno) }
    defer { unlink(temporary) }
    // The umask may have narrowed the mode, never widened it; set it exactly anyway.
    let modeStatus = fchmod(descriptor, 0o600) == 0 ? 0 : errno
    _ = close(descriptor)
    guard modeStatus == 0 else { throw Failure(modeStatus) }
    try fill(temporary)
    if link(temporary, path) != 0 {
      let reason = errno
      if reason == EEXIST { return false }
      throw Failure(reason)
    }
    return true
  }
}
