import AuthCore

/// Passes every call to the real use case and notes what it throws in a `FailureLog`.
struct RecordingAuthentication: AuthenticationUseCase {
  let base: any AuthenticationUseCase
  let log: FailureLog

  func validate(_ request: SignInRequest) -> SignInValidation { base.validate(request) }

  func signIn(request: SignInRequest) async throws -> Validation<NewSession> {
    do { return try await base.signIn(request: request) } catch {
      log.record(error)
      throw error
    }
  }
}

/// Passes every call to the real use case and notes what it throws in a `FailureLog`.
struct RecordingSignUp: SignUpUseCase {
  let base: any SignUpUseCase
  let log: FailureLog

  func validate(_ request: SignUpRequest) -> SignUpValidation { base.validate(request) }

  func signUp(request: SignUpRequest) async throws -> SignUpResult {
    do { return try await base.signUp(request: request) } catch {
      log.record(error)
      throw error
    }
  }
}

/// Passes every call to the real use case and notes what it throws in a `FailureLog`.
struct RecordingChangePassword: ChangePasswordUseCase {
  let base: any ChangePasswordUseCase
  let log: FailureLog

  func validate(_ request: ChangePasswordRequest, username: String) -> ChangePasswordValidation {
    base.validate(request, username: username)
  }

  func changePassword(
    token: SessionToken, request: ChangePasswordRequest
  ) async throws -> ChangePasswordResult {
    do { return try await base.changePassword(token: token, request: request) } catch {
      log.record(error)
      throw error
    }
  }
}

/// Passes every call to the real use case and notes what it throws in a `FailureLog`.
struct RecordingSessions: SessionUseCase {
  let base: any SessionUseCase
  let log: FailureLog

  func currentSession(token: SessionToken) async throws -> AuthenticatedSession {
    try await noting { try await base.currentSession(token: token) }
  }

  func signOut(token: SessionToken) async throws {
    try await noting { try await base.signOut(token: token) }
  }

  func signOutEverywhere(token: SessionToken) async throws -> Int {
    try await noting { try await base.signOutEverywhere(token: token) }
  }

  func listSessions(token: SessionToken) async throws -> [SessionSummary] {
    try await noting { try await base.listSessions(token: token) }
  }

  func revokeSession(_ sessionID: SessionID, token: SessionToken) async throws {
    try await noting { try await base.revokeSession(sessionID, token: token) }
  }

  func deleteExpiredSessions() async throws -> Int {
    try await noting { try await base.deleteExpiredSessions() }
  }

  private func noting<T>(_ work: () async throws -> T) async throws -> T {
    do { return try await work() } catch {
      log.record(error)
      throw error
    }
  }
}
