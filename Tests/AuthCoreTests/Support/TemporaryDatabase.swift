import Foundation

/// Runs `body` with the path of a database file in a fresh temporary folder, and removes
/// the folder (the file, its -wal and -shm) afterwards.
func withTemporaryDatabasePath<Result>(
  _ body: (String) async throws -> Result
) async throws -> Result {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("authcore-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory.appendingPathComponent("auth.sqlite3").path)
}
