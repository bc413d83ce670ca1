import AuthStorage
import Foundation
import Testing

@Suite("Opening bad paths")
struct OpenErrorTests {
  @Test("a text file is not a database, and its bytes stay as they were")
  func textFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("notes.txt")
    let text = Data(String(repeating: "These are notes, not a database.\n", count: 200).utf8)
    try text.write(to: URL(fileURLWithPath: path))
    #expect(throws: SQLiteError.notADatabase(path: path)) {
      _ = try SQLiteAuthStore.open(path: path)
    }
    #expect(try fileBytes(path) == text)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test("a FIFO or a device is not a database, and opening one does not block")
  func notARegularFile() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.path("pipe")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: SQLiteError.notADatabase(path: fifo)) {
      _ = try SQLiteAuthStore.open(path: fifo)
    }
    #expect(throws: SQLiteError.notADatabase(path: "/dev/null")) {
      _ = try SQLiteDatabase.open(path: "/dev/null", options: SQLiteOpenOptions(mode: .readOnly))
    }
    // Read-only, SQLite's open(2) of a FIFO would wait for a writer forever.
    #expect(throws: SQLiteError.notADatabase(path: fifo)) {
      _ = try SQLiteInspector().inspect(path: fifo)
    }
  }

  @Test("another program's database is refused, and its bytes stay as they were")
  func foreignDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("bookmarks.sqlite")
    let other = try SQLiteDatabase.open(path: path)
    try other.executeScript(
      """
      PRAGMA journal_mode = DELETE;
      CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, url TEXT);
      INSERT INTO bookmarks (url) VALUES ('https://example.org');
      """)
    other.close()
    let before = try fileBytes(path)
    #expect(throws: SQLiteError.foreignDatabase(path: path)) {
      _ = try SQLiteAuthStore.open(path: path)
    }
    #expect(throws: SQLiteError.foreignDatabase(path: path)) {
      _ = try SQLiteAuthStore.open(path: path, mode: .readWrite)
    }
    #expect(try fileBytes(path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test("an empty file is refused in every mode, and stays empty")
  func emptyFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    for mode in [SQLiteOpenMode.readWriteCreate, .readWrite, .readOnly] {
      #expect(throws: SQLiteError.emptyFile(path: path)) {
        _ = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: mode))
      }
    }
    #expect(throws: SQLiteError.emptyFile(path: path)) {
      _ = try SQLiteInspector().inspect(path: path)
    }
    #expect(try fileBytes(path).isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == 1)
  }

  @Test("a new database appears whole, marked with the application id, leaving nothing else")
  func newDatabaseAppearsWhole() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("new.sqlite")
    let database = try SQLiteDatabase.open(
      path: path, options: SQLiteOpenOptions(mode: .readWriteCreate))
    #expect(try database.scalarInt("PRAGMA application_id") == Int(SQLiteDatabase.applicationID))
    database.close()
    // No temporary file is left beside it (only the database and SQLite's own files).
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(names.allSatisfy { $0.hasPrefix("new.sqlite") }, "\(names)")
    #expect(try fileBytes(path).count >= 512)
    // The header says SQLite, so another process never sees an empty file here.
    #expect(try fileBytes(path).prefix(15) == Data("SQLite format 3".utf8))
  }

  @Test("a truncated database is reported as damaged, and its bytes stay as they were")
  func truncatedDatabase() throws {
    let folder = try TemporaryFolder()
    let path = try folder.migratedDatabase("cut.sqlite")
    let whole = try fileBytes(path)
    #expect(whole.count >= 4 * 4096)
    let cut = whole.prefix(whole.count / 2)
    try cut.write(to: URL(fileURLWithPath: path))

    let error = #expect(throws: SQLiteError.self) { _ = try SQLiteAuthStore.open(path: path) }
    guard case .corrupt(let errorPath, _) = error else {
      Issue.record("expected .corrupt, got \(String(describing: error))")
      return
    }
    #expect(errorPath == path)
    #expect(try fileBytes(path) == cut)
  }

  @Test("a directory is refused by name and left alone")
  func directory() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("adir")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(throws: SQLiteError.isDirectory(path: path)) {
      _ = try SQLiteAuthStore.open(path: path)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
  }

  @Test("a path in a missing directory cannot be created")
  func missingDirectory() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("missing/auth.sqlite")
    let error = #expect(throws: SQLiteError.self) { _ = try SQLiteAuthStore.open(path: path) }
    guard case .cannotCreate(let errorPath, _) = error else {
      Issue.record("expected .cannotCreate, got \(String(describing: error))")
      return
    }
    #expect(errorPath == path)
  }
}
