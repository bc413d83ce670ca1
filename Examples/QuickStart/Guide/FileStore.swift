// A store on a file: open it (creating and migrating it), use it, close it before the
// program ends so that its -wal and -shm files go away.
import AuthCore
import AuthCrypto
import AuthStorage

/// Opens the database at `path`, signs `username` in, and closes the database.
func signIn(
  _ username: String, password: String, databaseAt path: String
) async throws -> Validation<NewSession> {
  // Every parameter but `path` has a default: `.readWriteCreate` (also `.readWrite`, which
  // refuses a missing file, and `.readOnly`), a 5,000 ms busy timeout, the package's
  // migrations (`migrator:`) and the current time for their records (`now:`).
  let store = try SQLiteAuthStore.open(
    path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 5000)
  // A `let store` at the top level of main.swift is never released, so nothing would close
  // it: close it yourself. Work after `close()` throws; closing twice does nothing.
  defer { store.close() }
  let services = AuthServices(
    store: store, hasher: try Argon2idHasher(), tokens: try SodiumTokenSource())
  return try await services.signIn.signIn(
    request: SignInRequest(username: username, password: password))
}
