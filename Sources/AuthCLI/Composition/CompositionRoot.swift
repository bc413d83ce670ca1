import AuthCore
import AuthCrypto
import AuthPostgres
import AuthStorage
import AuthViewModels

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one place that knows every layer: opens the store, builds the hasher, token
/// source, clock, policy and use cases, which every view model is built over.
@MainActor
struct CompositionRoot {
  /// How a command may treat a database file that does not exist yet.
  enum Access {
    /// Create it when missing (and the default location's folder, 0700): signup, shell.
    case createIfMissing
    /// Refuse a missing file with exit 66: every other account command.
    case existingOnly
  }

  /// What a command needs of the client's state folder (the session and device-cookie files).
  enum StateFolder {
    /// The account commands keep a session there: no folder (no HOME) is an error.
    case required
    /// The operators' commands keep nothing there; `verify` presents the device cookie
    /// when there is a folder, and without one the client is simply untrusted, as one
    /// without a cookie is.
    case ifAvailable
  }

  /// Every use case, over one store, hasher, token source, clock, policy and cookie jar.
  let services: AuthServices
  /// The use cases the view models are built over: the scenes' view of `services`.
  let useCases: AuthUseCases
  /// Where the current session's token is kept; `nil` for `:memory:`.
  let sessionFile: SessionStateFile?

  /// Opens the database and wires the layers.
  init(
    location: DatabaseLocation, access: Access, environment: [String: String],
    stateFolder: StateFolder = .required
  ) throws {
    // The cost is judged first: a refused one must leave no database file behind.
    let cost = try HashingCost.from(environment: environment, inMemory: location.isMemory)
    let (store, stateKey) = try Self.openStoreAndStateKey(location, access: access)
    let hasher = try Argon2idHasher(cost: cost)
    let tokens = try SodiumTokenSource()
    let files: (session: SessionStateFile, cookie: DeviceCookieFile)?
    switch (stateKey, stateFolder) {
    case (nil, _):
      files = nil
    case (let key?, .required):
      files = try Self.stateFiles(key, location: location, environment: environment)
    case (let key?, .ifAvailable):
      files = try? Self.stateFiles(key, location: location, environment: environment)
    }
    // Every check of a password presents the same cookie: a sign-in, `verify`, and the
    // current password of a password change.
    services = AuthServices(
      store: store, hasher: hasher, tokens: tokens, clock: SystemClock(), policy: .standard,
      deviceCookies: files?.cookie)
    useCases = AuthUseCases(services)
    sessionFile = files?.session
  }

  /// The wiring of the commands that serve operators and other programs (`users …`,
  /// `verify`, `sessions check`, `sessions prune`, `audit`): the existing database (never
  /// created; 66 when missing) and no state folder needed. These commands have no scene
  /// and no view model: the interactive shell offers only the signed-in user's own
  /// commands, so they call `services` directly.
  static func forOperator(
    location: DatabaseLocation, environment: [String: String]
  ) throws -> CompositionRoot {
    try CompositionRoot(
      location: location, access: .existingOnly, environment: environment,
      stateFolder: .ifAvailable)
  }

  /// The database tools of the engine that keeps the database at `location`; nothing is
  /// opened until a tool runs.
  static func databaseTools(for location: DatabaseLocation) -> any DatabaseTools {
    switch location {
    case .file, .memory: SQLiteDatabaseTools(location: location)
    case .postgres(let target): PostgresDatabaseTools(target: target)
    }
  }

  /// Opens the store, and answers the key of its state files (`StateFileKey`); none in
  /// memory. A PostgreSQL database's key is known only once connected: it is where the
  /// connection arrived, without the password, which never reaches a file.
  static func openStoreAndStateKey(
    _ location: DatabaseLocation, access: Access
  ) throws -> (any AuthStore, String?) {
    switch location {
    case .file(let path, _):
      return (try openStore(location, access: access), path)
    case .memory:
      return (try openStore(location, access: access), nil)
    case .postgres(let target):
      let store = try PostgresAuthStore.open(target)
      return (store, StateFileKey.of(store.endpoint))
    }
  }

  /// The session and device-cookie files under `key`. For PostgreSQL, files that earlier
  /// releases named after the URI's text are taken over when none exist under `key` yet.
  static func stateFiles(
    _ key: String, location: DatabaseLocation, environment: [String: String]
  ) throws -> (session: SessionStateFile, cookie: DeviceCookieFile) {
    let session = try SessionStateFile.forDatabase(at: key, environment: environment)
    let cookie = try DeviceCookieFile.forDatabase(at: key, environment: environment)
    if case .postgres(let target) = location {
      let legacy = StateFileKey.legacy(uri: target.connectionString)
      session.adopt(try SessionStateFile.forDatabase(at: legacy, environment: environment))
      cookie.sharedFile.adopt(
        try DeviceCookieFile.forDatabase(at: legacy, environment: environment).sharedFile)
    }
    return (session, cookie)
  }

  /// Opens the store a command names, creating the file only with `createIfMissing`.
  static func openStore(
    _ location: DatabaseLocation, access: Access
  ) throws
    -> any AuthStore
  {
    switch location {
    case .postgres(let target):
      // Migrates like a new SQLite file does: a fresh database gets the schema on first use.
      return try PostgresAuthStore.open(target)
    case .memory:
      return try SQLiteAuthStore.inMemory()
    case .file(let path, _):
      switch access {
      case .createIfMissing:
        try DatabaseOpener.prepareFolder(of: location)
        return try SQLiteAuthStore.open(path: path, mode: .readWriteCreate)
      case .existingOnly:
        _ = try DatabaseOpener.existingPath(location)
        return try SQLiteAuthStore.open(path: path, mode: .readWrite)
      }
    }
  }
}
