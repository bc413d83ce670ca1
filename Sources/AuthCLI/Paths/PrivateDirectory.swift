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

/// Creates folders that only their owner may enter (0700), parents included.
enum PrivateDirectory {
  /// Makes `path` and any missing parent with mode 0700; existing folders are left as they are.
  static func create(_ path: String) throws(CLIError) {
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw .cannotCreate(path: path, reason: .fileInTheWay)
      }
      return
    }
    let parent = PathText.parent(of: path)
    if parent != path, !parent.isEmpty { try create(parent) }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw .cannotCreate(path: path, reason: .system(errno))
    }
  }
}
