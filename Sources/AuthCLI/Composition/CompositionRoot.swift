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
    /// Refuse a missing file with exit 66, and a PostgreSQL schema without authcli's
    /// tables with the refusal of a store still to migrate: every other command.
    case existingOnly
    /// Refuse a missing file with exit 66, but give a PostgreSQL schema without authcli's
    /// tables its tables: `users add` and `users import`, an operator's first steps on a new
    /// server (an SQLite file has `migrate` or `signup` for that).
    case existingFileOrNewTables
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
    location: DatabaseLocation, access: Access, environment: ProcessEnvironment,
    stateFolder: StateFolder = .required
  ) throws {
    // The cost is judged first: a refused one must leave no database file behind.
    let cost = try HashingCost.from(environment: environment, inMemory: location.isMemory)
    let (store, stateKeys, signInWork) = try Self.openStore(location, access: access)
    // Every check is answered in the store's sign-in work, which the store keeps (raised
    // by an import or `users sign-in-work`), so every program reaching it agrees.
    let hasher = try Argon2idHasher(cost: cost, signInWork: signInWork)
    let tokens = try SodiumTokenSource()
    let files: (session: SessionStateFile, cookie: DeviceCookieFile)?
    switch (stateKeys.current, stateFolder) {
    case (nil, _):
      files = nil
    case (let key?, .required):
      files = try Self.stateFiles(key, legacy: stateKeys.legacy, environment: environment)
    case (let key?, .ifAvailable):
      files = try? Self.stateFiles(key, legacy: stateKeys.legacy, environment: environment)
    }
    // Every check of a password presents the same cookie: a sign-in, `verify`, and the
    // current password of a password change.
    // The key file is only located here; it is read when a second factor is used.
    let secondFactor = SecondFactorSetup(
      oneTimePasswords: try Self.oneTimePasswords(),
      keys: SecondFactorKeyFile.located(environment: environment))
    services = AuthServices(
      store: store, hasher: hasher, tokens: tokens, clock: SystemClock(), policy: .standard,
      deviceCookies: files?.cookie, secondFactor: secondFactor,
      legacyVerifier: try LegacyHashVerifier(timingBeside: hasher))
    useCases = AuthUseCases(services)
    sessionFile = files?.session
  }

  /// liboath, or exit 69 when it cannot be initialised.
  private static func oneTimePasswords() throws -> OathOneTimePasswords {
    do { return try OathOneTimePasswords() } catch {
      throw ErrorReport(
        kind: .unavailable, message: "liboath could not be initialised: \(error)")
    }
  }

  /// The wiring of the commands that serve operators and other programs (`users …`,
  /// `verify`, `sessions check`, `sessions prune`, `audit`): the existing database (never
  /// created; 66 when missing) and no state folder needed. These commands have no scene
  /// and no view model: the interactive shell offers only the signed-in user's own
  /// commands, so they call `services` directly.
  static func forOperator(
    location: DatabaseLocation, environment: ProcessEnvironment,
    access: Access = .existingOnly
  ) throws -> CompositionRoot {
    try CompositionRoot(
      location: location, access: access, environment: environment,
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

  /// Where a store's session and device-cookie files are named (`StateFileKey`).
  struct StateKeys {
    /// The key of the files; `nil` in memory, which keeps no files.
    let current: String?
    /// The keys earlier releases named the files by, newest first, whose files are taken
    /// over when none exist under `current` yet.
    var legacy: [String] = []
  }

  /// Opens the store a command names, creating an SQLite file only with `createIfMissing`,
  /// and answers the keys of its state files and the sign-in work the store was raised to
  /// (`nil` at the default). A PostgreSQL store's key is known only once connected: its
  /// identity, which every server holding it answers alike, read with the sign-in work in
  /// one statement; earlier releases named its files after where the connection arrived,
  /// and before that after the URI's text.
  static func openStore(
    _ location: DatabaseLocation, access: Access
  ) throws -> (any AuthStore, StateKeys, signInWork: Int?) {
    switch location {
    case .postgres(let target):
      // Tables appear only where an SQLite file would: for the commands that create one, and
      // for an operator adding accounts. A command that only uses a store never gives the
      // tables to whatever schema the search path finds first.
      let store = try PostgresAuthStore.open(target, creatingTables: access != .existingOnly)
      let opened = try store.identityAndSignInWork()
      return (
        store,
        StateKeys(
          current: StateFileKey.ofStore(identity: opened.identity),
          legacy: [
            StateFileKey.of(store.endpoint), StateFileKey.legacy(uri: target.connectionString),
          ]),
        opened.raisedSignInWork
      )
    case .memory:
      let store = try SQLiteAuthStore.inMemory()
      return (store, StateKeys(current: nil), try store.raisedSignInWork())
    case .file(let path, _):
      let store: SQLiteAuthStore
      switch access {
      case .createIfMissing:
        try DatabaseOpener.prepareFolder(of: location)
        store = try SQLiteAuthStore.open(path: path, mode: .readWriteCreate)
      case .existingOnly, .existingFileOrNewTables:
        _ = try DatabaseOpener.existingPath(location)
        store = try SQLiteAuthStore.open(path: path, mode: .readWrite)
      }
      return (store, StateKeys(current: path), try store.raisedSignInWork())
    }
  }

  /// The session and device-cookie files under `key`, taking over those under the first of
  /// `legacy` that has them when none exist under `key` yet.
  static func stateFiles(
    _ key: String, legacy: [String], environment: ProcessEnvironment
  ) throws -> (session: SessionStateFile, cookie: DeviceCookieFile) {
    let session = try SessionStateFile.forDatabase(at: key, environment: environment)
    let cookie = try DeviceCookieFile.forDatabase(at: key, environment: environment)
    for legacy in legacy {
      session.adopt(try SessionStateFile.forDatabase(at: legacy, environment: environment))
      cookie.sharedFile.adopt(
        try DeviceCookieFile.forDatabase(at: legacy, environment: environment).sharedFile)
    }
    return (session, cookie)
  }
}
