import Foundation

/// A unique folder under the system's temporary directory, removed when released.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("authstorage-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of a file inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// The bytes of a file, for proving it was not written.
func fileBytes(_ path: String) throws -> Data {
  try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The permission bits of a file.
func permissions(_ path: String) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
