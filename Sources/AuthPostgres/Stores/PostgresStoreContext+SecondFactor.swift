import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func secondFactor(of userID: UserID) throws(AuthError) -> StoredSecondFactor? {
    try run {
      try database().queryFirst(
        """
        SELECT sealed_secret, algorithm, digits, period, state, last_step, created_at, updated_at
        FROM second_factors WHERE user_id = $1
        """, [.bigint(userID.rawValue)]
      ) { row -> StoredSecondFactor in
        // The CHECK constraints keep these in range; a row edited past them is refused.
        guard let algorithm = TOTPParameters.Algorithm(rawValue: row.string(1)),
          let digits = TOTPParameters.Digits(rawValue: Int(try row.int64(2))),
          let parameters = try? TOTPParameters(
            algorithm: algorithm, digits: digits, period: Int(try row.int64(3))),
          let state = SecondFactorState(rawValue: row.string(4))
        else { throw PostgresError.unexpectedValue(column: "second_factors") }
        let lastStep = try row.optionalInt64(5)
        return StoredSecondFactor(
          userID: userID, sealedSecret: row.data(0), parameters: parameters, state: state,
          lastAcceptedStep: lastStep.map { UInt64(max($0, 0)) }, createdAt: try row.date(6),
          updatedAt: try row.date(7))
      }
    }
  }

  func replaceSecondFactor(_ factor: StoredSecondFactor) throws(AuthError) {
    try run {
      // Deleting first drops the old factor's recovery codes through the cascade.
      try database().execute(
        "DELETE FROM second_factors WHERE user_id = $1", [.bigint(factor.userID.rawValue)])
      try database().execute(
        """
        INSERT INTO second_factors
          (user_id, sealed_secret, algorithm, digits, period, state, last_step, created_at,
           updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
        """,
        [
          .bigint(factor.userID.rawValue), .bytea(factor.sealedSecret),
          .text(factor.parameters.algorithm.rawValue),
          .bigint(Int64(factor.parameters.digits.rawValue)),
          .bigint(Int64(factor.parameters.period)), .text(factor.state.rawValue),
          factor.lastAcceptedStep.map { .bigint(Int64(clamping: $0)) } ?? .null,
          .time(factor.createdAt), .time(factor.updatedAt),
        ])
    }
  }

  func enableSecondFactor(of userID: UserID, acceptedStep: UInt64, at time: Date) throws(AuthError)
  {
    try run {
      try database().execute(
        """
        UPDATE second_factors SET state = 'enabled', last_step = $2, updated_at = $3
        WHERE user_id = $1
        """, [.bigint(userID.rawValue), .bigint(Int64(clamping: acceptedStep)), .time(time)])
    }
  }

  func recordAcceptedStep(_ step: UInt64, of userID: UserID, at time: Date) throws(AuthError) {
    try run {
      try database().execute(
        "UPDATE second_factors SET last_step = $2, updated_at = $3 WHERE user_id = $1",
        [.bigint(userID.rawValue), .bigint(Int64(clamping: step)), .time(time)])
    }
  }

  func deleteSecondFactor(of userID: UserID) throws(AuthError) -> Bool {
    try run {
      try database().execute(
        "DELETE FROM second_factors WHERE user_id = $1", [.bigint(userID.rawValue)]) > 0
    }
  }

  func recoveryCodeHashes(of userID: UserID) throws(AuthError) -> [RecoveryCodeHash] {
    try run {
      try database().query(
        "SELECT code_hash FROM recovery_codes WHERE user_id = $1 ORDER BY code_hash",
        [.bigint(userID.rawValue)]
      ) { RecoveryCodeHash(rawValue: $0.data(0)) }
    }
  }

  func replaceRecoveryCodes(
    _ hashes: [RecoveryCodeHash], of userID: UserID, at time: Date
  ) throws(AuthError) {
    try run {
      try database().execute(
        "DELETE FROM recovery_codes WHERE user_id = $1", [.bigint(userID.rawValue)])
      for hash in hashes {
        try database().execute(
          "INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)",
          [.bigint(userID.rawValue), .bytea(hash.rawValue), .time(time)])
      }
    }
  }

  func deleteRecoveryCode(_ hash: RecoveryCodeHash, of userID: UserID) throws(AuthError) -> Bool {
    try run {
      try database().execute(
        "DELETE FROM recovery_codes WHERE user_id = $1 AND code_hash = $2",
        [.bigint(userID.rawValue), .bytea(hash.rawValue)]) > 0
    }
  }

  func enabledSecondFactors(among userIDs: [UserID]) throws(AuthError) -> Set<UserID> {
    try run {
      var enabled: Set<UserID> = []
      for id in userIDs {
        let found = try database().queryFirst(
          "SELECT 1 FROM second_factors WHERE user_id = $1 AND state = 'enabled'",
          [.bigint(id.rawValue)]
        ) { _ in true }
        if found == true { enabled.insert(id) }
      }
      return enabled
    }
  }
}
