import AuthCore
import AuthCrypto
import AuthStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The use cases of the commands that serve operators and other programs (`users …`,
/// `verify`, `sessions check`, `sessions prune`, `audit`), over the same store, hasher,
/// clock and policy as the view models get from `CompositionRoot`. These commands have no
/// scene and no view model: the interactive shell offers only the signed-in user's own
/// commands, so they call their use cases directly.
@MainActor
struct AdministrationRoot {
  /// `users add/show/delete/lock/unlock/reset-password`.
  let accounts: any AccountAdministrationUseCase
  /// `verify`.
  let passwordCheck: any PasswordCheckUseCase
  /// `sessions check`.
  let sessions: any SessionUseCase
  /// `sessions prune`.
  let housekeeping: any HousekeepingUseCase
  /// `audit`.
  let auditTrail: any AuditTrailUseCase

  /// Opens the existing database (never creating it; 66 when missing) and wires the layers.
  init(location: DatabaseLocation, environment: [String: String]) throws {
    let cost = try HashingCost.from(environment: environment, inMemory: location.isMemory)
    let (store, stateKey) = try CompositionRoot.openStoreAndStateKey(
      location, access: .existingOnly)
    let services = AuthServices(
      store: store,
      hasher: try Argon2idHasher(cost: cost),
      tokens: try SodiumTokenSource(),
      // `verify` checks a password, so it presents this client's cookie as a sign-in does.
      // These commands need no state folder: without one (no HOME), the client is simply
      // untrusted, as one without a cookie is.
      deviceCookies: stateKey.flatMap { key in
        try? CompositionRoot.stateFiles(key, location: location, environment: environment).cookie
      })
    accounts = services.accounts
    passwordCheck = services.signIn
    sessions = services.sessions
    housekeeping = services.housekeeping
    auditTrail = services.auditTrail
  }
}
