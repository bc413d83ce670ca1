import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  func secondFactor(of userID: UserID) throws(AuthError) -> StoredSecondFactor? {
    try run {
      try database.queryFirst(
        """
        SELECT sealed_secret, algorithm, digits, period, state, last_step, created_at, updated_at
        FROM second_factors WHERE user_id = ?1
        """, [.integer(userID.rawValue)]
      ) { row -> StoredSecondFactor in
        // The CHECK constraints keep these in range; a file edited past them is refused.
        guard let algorithm = TOTPParameters.Algorithm(rawValue: row.string(at: 1)),
          let digits = TOTPParameters.Digits(rawValue: Int(row.int64(at: 2))),
          let parameters = try? TOTPParameters(
            algorithm: algorithm, digits: digits, period: Int(row.int64(at: 3))),
          let state = SecondFactorState(rawValue: row.string(at: 4))
        else { throw SQLiteError.unexpectedValue(column: "second_factors") }
        let lastStep = row.optionalInt64(at: 5)
        return StoredSecondFactor(
          userID: userID, sealedSecret: row.data(at: 0), parameters: parameters, state: state,
          lastAcceptedStep: lastStep.map { UInt64(max($0, 0)) }, createdAt: row.date(at: 6),
          updatedAt: row.date(at: 7))
      }
    }
  }

  func replaceSecondFactor(_ factor: StoredSecondFactor) throws(AuthError) {
    try run {
      // Deleting first drops the old factor's recovery codes through the cascade.
      try database.execute(
        "DELETE FROM second_factors WHERE user_id = ?1", [.integer(factor.userID.rawValue)])
      try database.execute(
        """
        INSERT INTO second_factors
          (user_id, sealed_secret, algorithm, digits, period, state, last_step, created_at,
           updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
        """,
        [
          .integer(factor.userID.rawValue), .blob(factor.sealedSecret),
          .text(factor.parameters.algorithm.rawValue),
          .integer(Int64(factor.parameters.digits.rawValue)),
          .integer(Int64(factor.parameters.period)), .text(factor.state.rawValue),
          factor.lastAcceptedStep.map { .integer(Int64(clamping: $0)) } ?? .null,
          .time(factor.createdAt), .time(factor.updatedAt),
        ])
    }
  }

  func enableSecondFactor(of userID: UserID, acceptedStep: UInt64, at time: Date) throws(AuthError)
  {
    try run {
      try database.execute(
        """
        UPDATE second_factors SET state = 'enabled', last_step = ?2, updated_at = ?3
        WHERE user_id = ?1
        """, [.integer(userID.rawValue), .integer(Int64(clamping: acceptedStep)), .time(time)])
    }
  }

  func recordAcceptedStep(_ step: UInt64, of userID: UserID, at time: Date) throws(AuthError) {
    try run {
      try database.execute(
        "UPDATE second_factors SET last_step = ?2, updated_at = ?3 WHERE user_id = ?1",
        [.integer(userID.rawValue), .integer(Int64(clamping: step)), .time(time)])
    }
  }

  func deleteSecondFactor(of userID: UserID) throws(AuthError) -> Bool {
    try run {
      try database.execute(
        "DELETE FROM second_factors WHERE user_id = ?1", [.integer(userID.rawValue)]) > 0
    }
  }

  func recoveryCodeHashes(of userID: UserID) throws(AuthError) -> [RecoveryCodeHash] {
    try run {
      try database.query(
        "SELECT code_hash FROM recovery_codes WHERE user_id = ?1 ORDER BY code_hash",
        [.integer(userID.rawValue)]
      ) { RecoveryCodeHash(rawValue: $0.data(at: 0)) }
    }
  }

  func replaceRecoveryCodes(
    _ hashes: [RecoveryCodeHash], of userID: UserID, at time: Date
  ) throws(AuthError) {
    try run {
      try database.execute(
        "DELETE FROM recovery_codes WHERE user_id = ?1", [.integer(userID.rawValue)])
      for hash in hashes {
        try database.execute(
          "INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?1, ?2, ?3)",
          [.integer(userID.rawValue), .blob(hash.rawValue), .time(time)])
      }
    }
  }

  func deleteRecoveryCode(_ hash: RecoveryCodeHash, of userID: UserID) throws(AuthError) -> Bool {
    try run {
      try database.execute(
        "DELETE FROM recovery_codes WHERE user_id = ?1 AND code_hash = ?2",
        [.integer(userID.rawValue), .blob(hash.rawValue)]) > 0
    }
  }

  func enabledSecondFactors(among userIDs: [UserID]) throws(AuthError) -> Set<UserID> {
    try run {
      var enabled: Set<UserID> = []
      for id in userIDs {
        let found = try database.scalarInt(
          "SELECT count(*) FROM second_factors WHERE user_id = ?1 AND state = 'enabled'",
          [.integer(id.rawValue)])
        if found > 0 { enabled.insert(id) }
      }
      return enabled
    }
  }
}
