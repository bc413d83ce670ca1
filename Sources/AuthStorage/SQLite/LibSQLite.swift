import CSQLite
import SharedLibraries

/// SQLite's functions, looked up in the shared library at run time.
///
/// Linked, libsqlite3 was mapped and relocated at every start, `--version` included (about
/// 22 page faults and 1.3 M instructions of the release binary's `--version`); opened when
/// the first database is, it costs only the commands that use one. Each connection keeps a copy of the table, and each of its statements one of the
/// connection's, so a call reads its function from the object it is made on, never from a
/// lazily made global (figure 1 of docs/performance.md counts the session check's
/// instructions).
struct LibSQLite: Sendable {
  let libversion: authcli_sqlite3_libversion
  let openV2: authcli_sqlite3_open_v2
  let closeV2: authcli_sqlite3_close_v2
  let exec: authcli_sqlite3_exec
  let free: authcli_sqlite3_free
  let errstr: authcli_sqlite3_errstr
  let errmsg: authcli_sqlite3_errmsg
  let extendedErrcode: authcli_sqlite3_extended_errcode
  let changes64: authcli_sqlite3_changes64
  let lastInsertRowID: authcli_sqlite3_last_insert_rowid
  let prepareV3: authcli_sqlite3_prepare_v3
  let finalize: authcli_sqlite3_finalize
  let columnCount: authcli_sqlite3_column_count
  let columnName: authcli_sqlite3_column_name
  let bindInt64: authcli_sqlite3_bind_int64
  let bindNull: authcli_sqlite3_bind_null
  let bindText: authcli_sqlite3_bind_text
  let bindText64: authcli_sqlite3_bind_text64
  let bindBlob64: authcli_sqlite3_bind_blob64
  let bindZeroblob: authcli_sqlite3_bind_zeroblob
  let step: authcli_sqlite3_step
  let reset: authcli_sqlite3_reset
  let clearBindings: authcli_sqlite3_clear_bindings
  let columnType: authcli_sqlite3_column_type
  let columnInt64: authcli_sqlite3_column_int64
  let columnText: authcli_sqlite3_column_text
  let columnBlob: authcli_sqlite3_column_blob
  let columnBytes: authcli_sqlite3_column_bytes

  /// The library, opened once per process when the first database is; the failure is kept
  /// too, so every caller gets the same answer.
  static let shared = SharedLibrary.open(
    linux: "libsqlite3.so.0", macOS: "libsqlite3.dylib", reading: LibSQLite.init
  ).mapError { SQLiteError.libraryMissing(reason: $0.reason) }

  /// The loaded library, or `SQLiteError.libraryMissing`.
  static func loaded() throws(SQLiteError) -> LibSQLite {
    try shared.get()
  }

  // Through a function pointer SQLite's strings arrive as optionals, though it never
  // returns NULL for these.

  /// The library's version ("3.40.1").
  var version: String { libversion().map { String(cString: $0) } ?? "unknown" }

  /// SQLite's words for a result code ("constraint failed").
  func name(ofCode code: Int32) -> String {
    errstr(code).map { String(cString: $0) } ?? "result code \(code)"
  }

  /// The connection's message for its latest failure.
  func message(on handle: OpaquePointer) -> String {
    errmsg(handle).map { String(cString: $0) } ?? ""
  }

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    libversion = try library.function("sqlite3_libversion", as: authcli_sqlite3_libversion.self)
    openV2 = try library.function("sqlite3_open_v2", as: authcli_sqlite3_open_v2.self)
    closeV2 = try library.function("sqlite3_close_v2", as: authcli_sqlite3_close_v2.self)
    exec = try library.function("sqlite3_exec", as: authcli_sqlite3_exec.self)
    free = try library.function("sqlite3_free", as: authcli_sqlite3_free.self)
    errstr = try library.function("sqlite3_errstr", as: authcli_sqlite3_errstr.self)
    errmsg = try library.function("sqlite3_errmsg", as: authcli_sqlite3_errmsg.self)
    extendedErrcode = try library.function(
      "sqlite3_extended_errcode", as: authcli_sqlite3_extended_errcode.self)
    // sqlite3_changes64 came with SQLite 3.37.
    changes64 = try library.function("sqlite3_changes64", as: authcli_sqlite3_changes64.self)
    lastInsertRowID = try library.function(
      "sqlite3_last_insert_rowid", as: authcli_sqlite3_last_insert_rowid.self)
    prepareV3 = try library.function("sqlite3_prepare_v3", as: authcli_sqlite3_prepare_v3.self)
    finalize = try library.function("sqlite3_finalize", as: authcli_sqlite3_finalize.self)
    columnCount = try library.function(
      "sqlite3_column_count", as: authcli_sqlite3_column_count.self)
    columnName = try library.function("sqlite3_column_name", as: authcli_sqlite3_column_name.self)
    bindInt64 = try library.function("sqlite3_bind_int64", as: authcli_sqlite3_bind_int64.self)
    bindNull = try library.function("sqlite3_bind_null", as: authcli_sqlite3_bind_null.self)
    bindText = try library.function("sqlite3_bind_text", as: authcli_sqlite3_bind_text.self)
    bindText64 = try library.function("sqlite3_bind_text64", as: authcli_sqlite3_bind_text64.self)
    bindBlob64 = try library.function("sqlite3_bind_blob64", as: authcli_sqlite3_bind_blob64.self)
    bindZeroblob = try library.function(
      "sqlite3_bind_zeroblob", as: authcli_sqlite3_bind_zeroblob.self)
    step = try library.function("sqlite3_step", as: authcli_sqlite3_step.self)
    reset = try library.function("sqlite3_reset", as: authcli_sqlite3_reset.self)
    clearBindings = try library.function(
      "sqlite3_clear_bindings", as: authcli_sqlite3_clear_bindings.self)
    columnType = try library.function("sqlite3_column_type", as: authcli_sqlite3_column_type.self)
    columnInt64 = try library.function(
      "sqlite3_column_int64", as: authcli_sqlite3_column_int64.self)
    columnText = try library.function("sqlite3_column_text", as: authcli_sqlite3_column_text.self)
    columnBlob = try library.function("sqlite3_column_blob", as: authcli_sqlite3_column_blob.self)
    columnBytes = try library.function(
      "sqlite3_column_bytes", as: authcli_sqlite3_column_bytes.self)
  }
}
