// The least a Swift `whoami` does on a file database, with nothing of authcli's around it:
// `script/latency` builds it as it builds authcli (release, the Swift runtime linked
// statically) and times it beside the `sqlite3` lookup, as a floor for line L1.
// What it does is what `authcli whoami` cannot skip: open the file, read the schema's rows and
// hash them (the schema check compares such a digest with a recorded one), read the migration
// records, hash a token with BLAKE2b and look its session up. No layers, no checks of its
// own, no error messages.
// Usage: least-swift-whoami DATABASE TOKEN-HASH-IN-HEX
import CSQLite
import CSodium

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, sodium_init() >= 0 else { exit(64) }
var database: OpaquePointer?
guard sqlite3_open_v2(arguments[1], &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
  exit(66)
}

/// Runs `sql`, binding `blob` to its one parameter if given, and hands each row to `row`.
func eachRow(_ sql: String, binding blob: [UInt8]? = nil, _ row: (OpaquePointer) -> Void) {
  var statement: OpaquePointer?
  guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement
  else { exit(65) }
  if let blob { sqlite3_bind_blob(statement, 1, blob, Int32(blob.count), nil) }
  while sqlite3_step(statement) == SQLITE_ROW { row(statement) }
  sqlite3_finalize(statement)
}

var schemaText: [UInt8] = []
eachRow("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name") { row in
  for column in Int32(0)..<4 {
    if let text = sqlite3_column_text(row, column) {
      let count = Int(sqlite3_column_bytes(row, column))
      schemaText.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
    }
  }
}
var schemaDigest = [UInt8](repeating: 0, count: 32)
crypto_generichash(&schemaDigest, 32, schemaText, UInt64(schemaText.count), nil, 0)
var records = 0
eachRow("SELECT identifier, applied_at FROM schema_migrations ORDER BY identifier") { _ in
  records += 1
}
// The token's hash: authcli hashes the token it reads from its state file; this program is
// given the hash the lookup needs and hashes its text, which is the same work.
let hex = Array(arguments[2].utf8)
var tokenHash = [UInt8](repeating: 0, count: 32)
crypto_generichash(&tokenHash, 32, hex, UInt64(hex.count), nil, 0)
var storedHash: [UInt8] = []
var index = hex.startIndex
while index + 1 < hex.endIndex {
  let pair = String(decoding: hex[index...index + 1], as: UTF8.self)
  storedHash.append(UInt8(pair, radix: 16) ?? 0)
  index += 2
}
var username = "not signed in"
eachRow(
  """
  SELECT u.username FROM sessions AS s JOIN users AS u ON u.id = s.user_id
  WHERE s.token_hash = ?
  """, binding: storedHash
) { row in
  if let text = sqlite3_column_text(row, 0) { username = String(cString: text) }
}
sqlite3_close(database)
print(username)
