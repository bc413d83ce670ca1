import AuthCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The values the contract's checks store, for a store's own tests beside the contract.
public enum ContractSample {
  /// A canonical username built the way the use cases build it.
  public static func username(_ raw: String) throws -> Username {
    try #require(Username.validate(raw).asValidated)
  }

  /// A fixed instant on a whole millisecond (and exactly representable), so it survives the
  /// store's unit exactly.
  public static let startTime = Date(timeIntervalSince1970: 1_800_000_000.5)

  /// `startTime` moved by whole seconds.
  public static func time(_ seconds: Int) -> Date {
    startTime.addingTimeInterval(TimeInterval(seconds))
  }

  /// A token hash made of one repeated byte.
  public static func tokenHash(_ byte: UInt8) -> TokenHash {
    TokenHash(rawValue: [UInt8](repeating: byte, count: 32))
  }

  /// A fake PHC string; a store never interprets it.
  public static let passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"

  /// Later than any time a check stores: what has expired by then is every row there is.
  static let endOfTime = Date(timeIntervalSince1970: 64_000_000_000)
}

extension UserStore {
  /// Inserts an account with the sample password hash, `seconds` after the start time.
  func insertSampleUser(_ name: String, at seconds: Int = 0) throws -> User {
    try insertUser(
      username: ContractSample.username(name), passwordHash: ContractSample.passwordHash,
      at: ContractSample.time(seconds))
  }
}

extension SessionStore {
  /// Starts a session for `userID` under the sample token hash made of `seed`, created
  /// `start` seconds and expiring `end` seconds after the start time.
  @discardableResult
  func insertSampleSession(
    _ seed: UInt8, for userID: UserID, from start: Int = 0, until end: Int
  ) throws -> Session {
    try insertSession(
      userID: userID, tokenHash: ContractSample.tokenHash(seed),
      createdAt: ContractSample.time(start), expiresAt: ContractSample.time(end))
  }
}

extension DeviceCookieStore {
  /// Keeps a cookie for `userID` under the sample token hash made of `seed`, created at the
  /// start time and expiring `end` seconds after it.
  func insertSampleDeviceCookie(_ seed: UInt8, for userID: UserID, until end: Int) throws {
    try insertDeviceCookie(
      tokenHash: ContractSample.tokenHash(seed), userID: userID,
      createdAt: ContractSample.time(0), expiresAt: ContractSample.time(end))
  }
}
