import Foundation

/// Creates folders that only their owner may enter (0700), parents included.
enum PrivateDirectory {
  /// Makes `path` and any missing parent with mode 0700; existing folders are left as they are.
  static func create(_ path: String) throws(CLIError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .cannotCreate(path: path, reason: "a file is in the way")
      }
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if parent != path, !parent.isEmpty { try create(parent) }
    if mkdir(path, 0o700) != 0, errno != EEXIST {
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
  }
}
