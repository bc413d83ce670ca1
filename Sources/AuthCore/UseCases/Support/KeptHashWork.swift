#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the hashes kept from other systems ask of the store's sign-in work: read from the
/// accounts a page at a time, each hash counted by the one rule (`LegacyPasswordHash.work`).
enum KeptHashWork {
  /// Accounts read per statement.
  static let pageSize = 500

  /// The kept hashes dearer than `defaultWork`: how many, and the dearest one's work. With
  /// `firstOnly`, stops at the first (what the sign-in that replaced one needs to know).
  static func above(
    _ defaultWork: Int, in context: any AuthStoreContext, firstOnly: Bool = false
  ) throws(AuthError) -> (count: Int, dearest: Int?) {
    var count = 0
    var dearest: Int? = nil
    var after: UserID? = nil
    while true {
      let page = try context.userRecords(after: after, limit: pageSize)
      for record in page where !record.passwordHash.hasPrefix("$argon2id$") {
        guard let hash = try? LegacyPasswordHash(parsing: record.passwordHash) else { continue }
        let work = hash.work
        guard work > defaultWork else { continue }
        count += 1
        dearest = max(dearest ?? 0, work)
        if firstOnly { return (count, dearest) }
      }
      guard page.count == pageSize, let last = page.last else { return (count, dearest) }
      after = last.user.id
    }
  }

  /// After a sign-in replaced a kept hash: when the store's sign-in work is raised and no
  /// kept hash above `defaultWork` is left, the store goes back to its default. Answers
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
