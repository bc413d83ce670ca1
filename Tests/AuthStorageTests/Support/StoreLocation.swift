import AuthStorage
import Foundation

/// Where a store under test lives: the same test bodies run in memory and on a file.
enum StoreLocation: String, CaseIterable, Sendable {
  case memory
  case file
}

/// Opens a store at a location and reopens it, to prove what persists.
final class StoreHarness {
  let location: StoreLocation
  let folder: TemporaryFolder
  private(set) var store: SQLiteAuthStore

  var path: String {
    location == .memory ? Database.inMemoryPath : folder.path("auth.sqlite")
  }

  init(_ location: StoreLocation) throws {
    self.location = location
    folder = try TemporaryFolder()
    let path = location == .memory ? Database.inMemoryPath : folder.path("auth.sqlite")
    store = try SQLiteAuthStore.open(path: path)
  }

  /// For a file, closes the store and opens the file again; in memory there is
  /// nothing to reopen, so the same store is kept.
  @discardableResult
  func reopen() throws -> SQLiteAuthStore {
    guard location == .file else { return store }
    store = try SQLiteAuthStore.open(path: path)
    return store
  }
}
