/// The folder and name parts of a path, by text alone, as `dirname` and `basename` split it
/// (and as Foundation's `NSString` path methods did): for the files the storage layer
/// creates beside a database.
package enum FilePathText {
  /// The folder part of `path`: "/a/b" gives "/a", "/a" gives "/", "name" gives "".
  /// Trailing slashes are ignored.
  package static func folder(of path: String) -> String {
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

  /// The last component of `path`, trailing slashes ignored: "/a/b/" gives "b".
  package static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? (path.hasPrefix("/") ? "/" : "")
  }
}

extension FilePathText {
  /// `path` as one word a POSIX shell reads back unchanged: as it is when it holds only
  /// characters no shell treats specially, else in single quotes, so a suggested command
  /// such as `chmod 600 PATH` can be pasted as shown.
  package static func shellWord(_ path: String) -> String {
    let plain = path.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        true
      default: "/._-+,:@%".utf8.contains(byte)
      }
    }
    if plain && !path.isEmpty { return path }
    let parts = path.split(separator: "'", omittingEmptySubsequences: false)
    return "'" + parts.joined(separator: "'\\''") + "'"
  }
}
