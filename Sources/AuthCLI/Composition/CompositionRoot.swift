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
    let store = try Self.openStore(location, access: access)
    let hasher = try Argon2idHasher(cost: cost)
    let tokens = try SodiumTokenSource()
    let clock = SystemClock()
    let policy = AuthPolicy.standard
    // Every check of a password presents the same cookie: a sign-in, and the current
    // password of a password change.
    let deviceCookies = try Self.deviceCookies(location, environment: environment)
    useCases = AuthUseCases(
      authentication: SignInService(
        store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
        deviceCookies: deviceCookies),
      signUp: SignUpService(
        store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy),
      sessions: SessionService(store: store, tokens: tokens, clock: clock, policy: policy),
      changePassword: ChangePasswordService(
        store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
        deviceCookies: deviceCookies))
    switch location {
    case .file(let path, _):
      sessionFile = try SessionStateFile.forDatabase(at: path, environment: environment)
    case .memory:
      sessionFile = nil
    case .postgres(let target):
      // Keyed by the server and database without the password, which never reaches a file.
      sessionFile = try SessionStateFile.forDatabase(
        at: target.displayName, environment: environment)
    }
  }

  /// Where this client keeps its device cookie for the database; none in memory.
  static func deviceCookies(
    _ location: DatabaseLocation, environment: [String: String]
  ) throws -> DeviceCookieFile? {
    switch location {
    case .file(let path, _): try DeviceCookieFile.forDatabase(at: path, environment: environment)
    case .memory: nil
    case .postgres(let target):
      try DeviceCookieFile.forDatabase(at: target.displayName, environment: environment)
    }
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
