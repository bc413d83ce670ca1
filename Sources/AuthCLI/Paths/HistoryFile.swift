#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The shell's history file (`shell --history FILE`), under the rule of every private file
/// authcli keeps (`PrivateFileRule`): read through a descriptor opened without following a
/// symbolic link, only as a regular file of this user that no one else may read or write,
/// in a folder of this user (or root) that no one else can write, reached through folders
/// no one else could change; and written as a new private file (`O_EXCL`, 0600) renamed
/// into place, never through a link.
///
/// No path is handed to libedit, whose own `H_LOAD` and `H_SAVE` open it with `fopen`, so
/// a link planted at the path would be read, and its target truncated and rewritten.
struct HistoryFile: Sendable {
  /// The path as given.
  let path: String

  /// Far more than 500 entries of 4 KiB each, even escaped; a larger file is refused.
  static let byteLimit = 16 * 1024 * 1024

  /// The file's bytes, or `nil` when it does not exist yet; throws when the file, or the
  /// folder it would be written in, is refused.
  func read() throws(CLIError) -> [UInt8]? {
    guard let bytes = try PrivateFileReader.read(path, byteLimit: Self.byteLimit + 1) else {
      try PrivateFileReader.checkFolderIfPresent(PathText.parent(of: path))
      return nil
    }
    guard bytes.count <= Self.byteLimit else {
      throw .inputOutput(path: path, reason: .described("it is larger than 16 MiB"))
    }
    return bytes
  }

  /// Replaces the file with what `fill` writes to the descriptor of a new private file,
  /// after the same checks as `read` (a link, or a file refused by them, planted at the path
  /// since is refused, not replaced).
  func write(_ fill: (Int32) throws(CLIError) -> Void) throws(CLIError) {
    try PrivateFileReader.checkFolderIfPresent(PathText.parent(of: path))
    var status = stat()
    if lstat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFLNK else {
        throw .inputOutput(path: path, reason: .described("it is not a regular file"))
      }
      try PrivateFileReader.check(status, of: path)
    }
    try AtomicFile.write(to: path, fill)
  }
}
