import Foundation
import Testing

/// The package's own Swift sources, as the architecture tests read them.
enum PackageSources {
  /// The package's `Sources` folder.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// Each Swift file under `module` (a module, or a folder inside one), by its path there,
  /// with its lines, in the order of their paths.
  static func files(of module: String) throws -> [(path: String, lines: [Substring])] {
    let root = folder.appendingPathComponent(module)
    let paths = try #require(FileManager.default.enumerator(atPath: root.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    return try paths.map { path in
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      return (path, text.split(separator: "\n", omittingEmptySubsequences: false))
    }
  }
}
