import AuthDatabase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path arithmetic on text, as the command line needs it.
enum PathText {
  /// The folder part of `path`: "/a/b" gives "/a", "/a" gives "/", "name" gives "".
  /// Trailing slashes are ignored, as they are by `dirname`.
  static func parent(of path: String) -> String { FilePathText.folder(of: path) }

  /// The standard form of an absolute path, the one session files are named after: empty
  /// components and "." dropped, and each component in turn resolved if it is a symbolic
  /// link (a relative target taken from the link's folder), with ".." going up from the
  /// path resolved so far. This is how Foundation's `standardizingPath` treats links with
  /// absolute targets, which earlier releases used.
  static func standardized(_ absolute: String) -> String {
    var resolved = "/"
    var hops = 0
    var pending = ArraySlice(absolute.split(separator: "/").map(String.init))
    while let component = pending.popFirst() {
      switch component {
      case ".": continue
      case "..": resolved = parent(of: resolved)
      default:
        let candidate = resolved == "/" ? "/" + component : resolved + "/" + component
        // A loop of links ends after as many hops as the kernel allows (40 on Linux).
        guard hops < 40, let target = linkTarget(candidate) else {
          resolved = candidate
          continue
        }
        hops += 1
        if target.hasPrefix("/") { resolved = "/" }
        pending = ArraySlice(target.split(separator: "/").map(String.init)) + pending
      }
    }
    return resolved
  }

  /// What the symbolic link at `path` points to, or `nil` when `path` is not a link.
  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
