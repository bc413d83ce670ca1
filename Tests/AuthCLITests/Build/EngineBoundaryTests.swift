import Foundation
import Testing

/// Which storage engine keeps the database is decided in one place: the front end names an
/// engine only in its composition root (and in the mapping of each engine's errors to exit
/// codes), and neither engine builds on the other.
@Suite struct EngineBoundaryTests {
  /// The files of the front end that may name an engine, beside `Composition/`.
  static let engineErrorMappings = [
    "Errors/StorageErrorReport.swift", "Errors/PostgresErrorReport.swift",
  ]

  @Test func theFrontEndNamesAnEngineOnlyInItsCompositionRoot() throws {
    let files = try PackageSources.files(of: "AuthCLI")
    #expect(files.contains { $0.path.hasPrefix("Composition/") })
    for file in files where !file.path.hasPrefix("Composition/") {
      for (number, line) in file.lines.enumerated() {
        let place = "AuthCLI/\(file.path):\(number + 1)"
        if !Self.engineErrorMappings.contains(file.path) {
          #expect(line != "import AuthStorage", "\(place) imports the SQLite engine")
          #expect(line != "import AuthPostgres", "\(place) imports the PostgreSQL engine")
        }
        #expect(!line.contains("case .postgres"), "\(place) chooses an engine")
      }
    }
  }

  @Test func thePostgreSQLEngineDoesNotBuildOnTheSQLiteOne() throws {
    for file in try PackageSources.files(of: "AuthPostgres") {
      #expect(!file.lines.contains("import AuthStorage"), "AuthPostgres/\(file.path)")
    }
  }
}
