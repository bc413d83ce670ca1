// An app that keeps its own data beside the accounts: a profile (e-mail, display name) per
// account, in a table its own migration creates under its own namespace. Run it with the
// path of a store file; afterwards the stock `authcli --db PATH` lists, signs in, inspects
// and deletes on that file as on any other.
import AuthCore
import AuthCrypto
import AuthDatabase
import AuthStorage

let path = CommandLine.arguments.dropFirst().first ?? "profiles.sqlite3"

// The app's migrations, numbered within its namespace: authcli's own numbers, its
// `schema_migrations` and its `user_version` never see them. The profile goes with its
// account (ON DELETE CASCADE); a rename keeps the id, so it keeps the profile too.
let profileMigrations = AppMigrations(
  namespace: "profiles",
  migrations: [
    Migration(
      version: 1, name: "profiles",
      sql: """
        CREATE TABLE profiles (
          user_id      INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
          email        TEXT NOT NULL,
          display_name TEXT NOT NULL
        ) STRICT;
        """)
  ])

// Opening migrates authcli's schema, then the app's.
let store = try SQLiteAuthStore.open(path: path, appMigrations: [profileMigrations])
defer { store.close() }
// The quick start's hasher; `--minimum-cost` keeps the tests' runs short.
let cost: Argon2Cost = CommandLine.arguments.contains("--minimum-cost") ? .minimum : .interactive
let services = AuthServices(
  store: store, hasher: try Argon2idHasher(cost: cost), tokens: try SodiumTokenSource())

let password = "plum tractor dawn whistle"
let request = SignUpRequest(username: "ada", password: password, confirmation: password)
guard case .signedUp(let first) = try await services.signUp.signUp(request: request) else {
  throw ProfileAppFailure.signUpRefused
}
let user = first.authenticated.user

// The app's own rows, written and read through the store's connection.
let profile = try store.withDatabase { database in
  try database.execute(
    """
    INSERT INTO profiles (user_id, email, display_name)
    VALUES (\(user.id.rawValue), \("ada@example.org"), \("Ada Lovelace"))
    """)
  return try database.queryFirst(
    "SELECT email, display_name FROM profiles WHERE user_id = \(user.id.rawValue)"
  ) { row throws(SQLiteError) in
    (try row.decode(String.self, "email"), try row.decode(String.self, "display_name"))
  }
}
guard let profile else { throw ProfileAppFailure.profileMissing }
print("Signed up \(user.username) with the profile \(profile.1) <\(profile.0)>.")

/// Why the example stopped.
enum ProfileAppFailure: Error {
  /// The account could not be made (the file already holds one named ada).
  case signUpRefused
  /// The profile just written could not be read back.
  case profileMissing
}
