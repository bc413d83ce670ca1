import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLStoreContext {
  package func secondFactor(of userID: UserID) throws(AuthError) -> StoredSecondFactor? {
    try run { () throws(Failure) in
      try queryFirst(
        """
        SELECT sealed_secret, algorithm, digits, period, state, last_step, created_at, updated_at
        FROM second_factors WHERE user_id = \(userID.rawValue)
        """
      ) { row throws(Failure) -> StoredSecondFactor in
        // The CHECK constraints keep these in range; a row edited past them is refused.
        guard
          let algorithm = TOTPParameters.Algorithm(
            rawValue: try row.decode(String.self, "algorithm")),
          let digits = TOTPParameters.Digits(rawValue: try row.decode(Int.self, "digits")),
          let parameters = try? TOTPParameters(
            algorithm: algorithm, digits: digits, period: try row.decode(Int.self, "period")),
          let state = SecondFactorState(rawValue: try row.decode(String.self, "state"))
        else { throw Self.unexpectedValue(in: "second_factors") }
        let lastStep = try row.decode(Int64?.self, "last_step")
        return StoredSecondFactor(
          userID: userID, sealedSecret: try row.decode([UInt8].self, "sealed_secret"),
          parameters: parameters, state: state,
          lastAcceptedStep: lastStep.map { UInt64(max($0, 0)) },
          createdAt: try row.decode(Date.self, "created_at"),
          updatedAt: try row.decode(Date.self, "updated_at"))
      }
    }
  }

  package func replaceSecondFactor(_ factor: StoredSecondFactor) throws(AuthError) {
    try run { () throws(Failure) in
      // Deleting first drops the old factor's recovery codes through the cascade.
      try execute("DELETE FROM second_factors WHERE user_id = \(factor.userID.rawValue)")
      try execute(
        """
        INSERT INTO second_factors
          (user_id, sealed_secret, algorithm, digits, period, state, last_step, created_at,
           updated_at)
        VALUES (\(factor.userID.rawValue), \(factor.sealedSecret),
          \(factor.parameters.algorithm.rawValue), \(factor.parameters.digits.rawValue),
          \(factor.parameters.period), \(factor.state.rawValue),
          \(factor.lastAcceptedStep.map { Int64(clamping: $0) }), \(factor.createdAt),
          \(factor.updatedAt))
        """)
    }
  }

  package func enableSecondFactor(
    of userID: UserID, acceptedStep: UInt64, at time: Date
  ) throws(AuthError) {
    try run { () throws(Failure) in
      try execute(
        """
        UPDATE second_factors
        SET state = 'enabled', last_step = \(Int64(clamping: acceptedStep)), updated_at = \(time)
        WHERE user_id = \(userID.rawValue)
        """)
    }
  }

  package func recordAcceptedStep(
    _ step: UInt64, of userID: UserID, at time: Date
  ) throws(AuthError) {
    try run { () throws(Failure) in
      try execute(
        """
        UPDATE second_factors SET last_step = \(Int64(clamping: step)), updated_at = \(time)
        WHERE user_id = \(userID.rawValue)
        """)
    }
  }

  package func deleteSecondFactor(of userID: UserID) throws(AuthError) -> Bool {
    try run { () throws(Failure) in
      try execute("DELETE FROM second_factors WHERE user_id = \(userID.rawValue)") > 0
    }
  }

  package func recoveryCodeHashes(of userID: UserID) throws(AuthError) -> [RecoveryCodeHash] {
    try run { () throws(Failure) in
      try query(
        """
        SELECT code_hash FROM recovery_codes WHERE user_id = \(userID.rawValue)
        ORDER BY code_hash
        """
      ) { row throws(Failure) in
        RecoveryCodeHash(rawValue: try row.decode([UInt8].self, "code_hash"))
      }
    }
  }

  package func replaceRecoveryCodes(
    _ hashes: [RecoveryCodeHash], of userID: UserID, at time: Date
  ) throws(AuthError) {
    try run { () throws(Failure) in
      try execute("DELETE FROM recovery_codes WHERE user_id = \(userID.rawValue)")
      for hash in hashes {
        try execute(
          """
          INSERT INTO recovery_codes (user_id, code_hash, created_at)
          VALUES (\(userID.rawValue), \(hash.rawValue), \(time))
          """)
      }
    }
  }

  package func deleteRecoveryCode(
    _ hash: RecoveryCodeHash, of userID: UserID
  ) throws(AuthError) -> Bool {
    try run { () throws(Failure) in
      try execute(
        """
        DELETE FROM recovery_codes WHERE user_id = \(userID.rawValue) AND code_hash = \(hash.rawValue)
        """) > 0
    }
  }

  package func enabledSecondFactors(among userIDs: [UserID]) throws(AuthError) -> Set<UserID> {
    try run { () throws(Failure) in
      var enabled: Set<UserID> = []
      for id in userIDs {
        let found = try queryFirst(
          "SELECT 1 FROM second_factors WHERE user_id = \(id.rawValue) AND state = 'enabled'"
        ) { _ throws(Failure) in true }
        if found == true { enabled.insert(id) }
      }
      return enabled
    }
  }
}
