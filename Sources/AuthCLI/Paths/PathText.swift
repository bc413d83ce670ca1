/// Path arithmetic on text, as the command line needs it: lexical, never touching the disk.
enum PathText {
  /// The folder part of `path`: "/a/b" gives "/a", "/a" gives "/", "name" gives "".
  /// Trailing slashes are ignored, as they are by `dirname`.
  static func parent(of path: String) -> String {
    var end = path.endIndex
    while end > path.startIndex, path[path.index(before: end)] == "/" {
      end = path.index(before: end)
    }
    if end == path.startIndex { return path.isEmpty ? "" : "/" }
    guard var slash = path[..<end].lastIndex(of: "/") else { return "" }
    while slash > path.startIndex, path[path.index(before: slash)] == "/" {
      slash = path.index(before: slash)
    }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// An absolute path without empty components, "." or "..": "/a//b/./c/../d/" gives "/a/b/d".
  /// ".." is resolved by text, the way a user reads it, not by following symbolic links.
  static func standardized(_ absolute: String) -> String {
    var components: [Substring] = []
    for component in absolute.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }
}
