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

  /// The use cases the view models are built over.
  let useCases: AuthUseCases
  /// Where the current session's token is kept; `nil` for `:memory:`.
  let sessionFile: SessionStateFile?

  /// Opens the database and wires the layers.
  init(location: DatabaseLocation, access: Access, environment: [String: String]) throws {
    // The cost is judged first: a refused one must leave no database file behind.
    let cost = try HashingCost.from(environment: environment, inMemory: location.isMemory)
    let (store, stateKey) = try Self.openStoreAndStateKey(location, access: access)
    let hasher = try Argon2idHasher(cost: cost)
    let tokens = try SodiumTokenSource()
    let clock = SystemClock()
    let policy = AuthPolicy.standard
    let files = try stateKey.map { key in
      try Self.stateFiles(key, location: location, environment: environment)
    }
    // Every check of a password presents the same cookie: a sign-in, and the current
    // password of a password change.
    useCases = AuthUseCases(
      authentication: SignInService(
        store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
        deviceCookies: files?.cookie),
      signUp: SignUpService(
        store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy),
      sessions: SessionService(store: store, tokens: tokens, clock: clock, policy: policy),
      changePassword: ChangePasswordService(
        store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
        deviceCookies: files?.cookie))
    sessionFile = files?.session
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
