#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the hashes kept from other systems ask of the store's sign-in work: read from the
/// accounts a page at a time, each hash counted by the one rule (`LegacyPasswordHash.work`,
/// with the rate table's margin on top: `HashWorkRule.neededSignInWork(for:)`).
enum KeptHashWork {
  /// Accounts read per statement.
  static let pageSize = 500

  /// What the kept hashes that need more than the default ask.
  struct Need: Hashable {
    /// How many kept hashes need a sign-in work above the default.
    var count = 0
    /// The dearest one's work, `nil` when none.
    var dearest: Int? = nil
    /// The most sign-in work one of them needs, `nil` when none.
    var needed: Int? = nil
  }

  /// The kept hashes that need a sign-in work above `defaultWork`. With `firstOnly`, stops
  /// at the first (what the sign-in that replaced one needs to know).
  static func above(
    _ defaultWork: Int, in context: any AuthStoreContext, firstOnly: Bool = false
  ) throws(AuthError) -> Need {
    var need = Need()
    var after: UserID? = nil
    while true {
      let page = try context.userRecords(after: after, limit: pageSize)
      for record in page where !record.passwordHash.hasPrefix("$argon2id$") {
        guard let hash = try? LegacyPasswordHash(parsing: record.passwordHash) else { continue }
        let needed = HashWorkRule.neededSignInWork(for: hash)
        guard needed > defaultWork else { continue }
        need.count += 1
        need.dearest = max(need.dearest ?? 0, hash.work)
        need.needed = max(need.needed ?? 0, needed)
        if firstOnly { return need }
      }
      guard page.count == pageSize, let last = page.last else { return need }
      after = last.user.id
    }
  }

  /// After a sign-in replaced a kept hash: when the store's sign-in work is raised and no
  /// kept hash needing more than `defaultWork` is left, the store goes back to its default. Answers
  /// whether it did.
  static func lowerIfNoneLeft(
    defaultWork: Int?, at time: Date, in context: any AuthStoreContext
  ) throws(AuthError) -> Bool {
    guard let defaultWork, try context.raisedSignInWork() != nil else { return false }
    guard try above(defaultWork, in: context, firstOnly: true).count == 0 else { return false }
    try context.setRaisedSignInWork(nil, at: time)
    return true
  }
}
