import AuthStorage

/// Where figures 1 to 3 run.
enum DatabaseKind: CaseIterable {
  /// A private in-memory database.
  case memory
  /// A file in WAL mode, as authcli uses it.
  case walFile

  /// The name in the report.
  var label: String {
    switch self {
    case .memory: "memory"
    case .walFile: "WAL file"
    }
  }
}

/// The two sides of a session-check comparison on one database.
struct SessionCheckPair {
  /// The storage layer's store.
  let store: SQLiteAuthStore
  /// The C baseline's prepared lookup.
  let baseline: BaselineLookup

  /// Opens both sides on `kind`'s database filled from `seeded`.
  init(seeded: SeededDatabase, kind: DatabaseKind) throws {
    switch kind {
    case .memory:
      store = try seeded.openMemoryStore()
      baseline = try BaselineLookup(on: try seeded.openMemoryBaseline())
    case .walFile:
      store = try seeded.openStore()
      baseline = try BaselineLookup(on: try seeded.openBaseline())
    }
  }
}
