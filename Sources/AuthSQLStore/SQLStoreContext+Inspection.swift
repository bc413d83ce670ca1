import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What both engines' inspection reports count with the store's own statements.

extension SQLStoreContext {
  /// What housekeeping would delete at `time`: counted with the store's own conditions and
  /// the standard rule for when failures are forgotten. Device cookies count only where
  /// the schema keeps them (migration 0005 and later).
  package func prunableCounts(
    at time: Date, countingDeviceCookies: Bool
  ) throws(AuthError) -> PrunableCounts {
    PrunableCounts(
      expiredSessions: try countExpiredSessions(asOf: time),
      throttleRows: try countForgottenThrottleStates(
        at: time, failuresBefore: ThrottleRules.standard.forgetCutoff(at: time)),
      expiredDeviceCookies: countingDeviceCookies ? try countExpiredDeviceCookies(asOf: time) : 0)
  }

  /// Accounts per password scheme, counted in one statement over the stored hashes'
  /// prefixes, the ones the parser reads.
  package func passwordSchemeCounts() throws(Failure) -> [PasswordSchemeCount] {
    let statement = PasswordSchemeCount.countingStatement(
      prefixes: LegacyPasswordHash.Scheme.storedPrefixes.map { ($0.prefix, $0.scheme.rawValue) },
      functionSchema: Query.builtInSchema.sql)
    return try query(Query(sql: statement)) { row throws(Failure) in
      PasswordSchemeCount(
        scheme: try row.decode(String.self, "scheme"),
        accounts: try row.decode(Int.self, "accounts"))
    }
  }
}
