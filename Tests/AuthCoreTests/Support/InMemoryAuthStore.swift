import AuthCore
import Foundation
import Synchronization

/// A stand-in store used until the SQLite adapter is available.
final class InMemoryAuthStore: AuthStore {
  struct State {
    var users: [UserRecord] = []
    var sessions: [(session: Session, hash: TokenHash)] = []
    var throttle: [String: ThrottleState] = [:]
    var events: [AuthEvent] = []
    var nextID: Int64 = 1
  }

  private let state = Mutex(State())

  func read<T: Sendable>(_ work: (any AuthStoreContext) throws -> T) async throws -> T {
    try state.withLock { state in try work(Context(state: state)) }
  }

  func write<T: Sendable>(_ work: (any AuthStoreContext) throws -> T) async throws -> T {
    try state.withLock { state in
      let context = Context(state: state)
      let result = try work(context)
      state = context.state
      return result
    }
  }

  final class Context: AuthStoreContext {
    var state: State
    init(state: State) { self.state = state }

    private func nextID() -> Int64 {
      defer { state.nextID += 1 }
      return state.nextID
    }

    func insertUser(username: Username, passwordHash: String, at time: Date) throws -> User {
      guard !state.users.contains(where: { $0.user.username == username.canonical }) else {
        throw StoreError.usernameTaken
      }
      let user = User(
        id: UserID(rawValue: nextID()), username: username.canonical, createdAt: time,
        updatedAt: time)
      state.users.append(UserRecord(user: user, passwordHash: passwordHash))
      return user
    }
    func userRecord(named username: Username) throws -> UserRecord? {
      state.users.first { $0.user.username == username.canonical }
    }
    func userRecord(id: UserID) throws -> UserRecord? { state.users.first { $0.user.id == id } }
    func updatePasswordHash(_ passwordHash: String, for userID: UserID, at time: Date) throws {
      guard let index = state.users.firstIndex(where: { $0.user.id == userID }) else { return }
      let old = state.users[index].user
      state.users[index] = UserRecord(
        user: User(id: old.id, username: old.username, createdAt: old.createdAt, updatedAt: time),
        passwordHash: passwordHash)
    }
    func insertSession(
      userID: UserID, tokenHash: TokenHash, createdAt: Date, expiresAt: Date
    )
      throws -> Session
    {
      let session = Session(
        id: SessionID(rawValue: nextID()), userID: userID, createdAt: createdAt,
        lastUsedAt: createdAt, expiresAt: expiresAt)
      state.sessions.append((session, tokenHash))
      return session
    }
    func authenticatedSession(tokenHash: TokenHash) throws -> AuthenticatedSession? {
      guard let row = state.sessions.first(where: { $0.hash == tokenHash }),
        let user = try userRecord(id: row.session.userID)?.user
      else { return nil }
      return AuthenticatedSession(user: user, session: row.session)
    }
    func tokenHash(of sessionID: SessionID) throws -> TokenHash? {
      state.sessions.first { $0.session.id == sessionID }?.hash
    }
    func touchSession(_ sessionID: SessionID, lastUsedAt: Date, expiresAt: Date) throws {
      guard let index = state.sessions.firstIndex(where: { $0.session.id == sessionID }) else {
        return
      }
      let old = state.sessions[index].session
      state.sessions[index].session = Session(
        id: old.id, userID: old.userID, createdAt: old.createdAt, lastUsedAt: lastUsedAt,
        expiresAt: expiresAt)
    }
    func deleteSession(_ sessionID: SessionID) throws -> Bool {
      let before = state.sessions.count
      state.sessions.removeAll { $0.session.id == sessionID }
      return state.sessions.count < before
    }
    func deleteSessions(of userID: UserID, except keeping: SessionID?) throws -> Int {
      let before = state.sessions.count
      state.sessions.removeAll { $0.session.userID == userID && $0.session.id != keeping }
      return before - state.sessions.count
    }
    func sessions(of userID: UserID) throws -> [Session] {
      state.sessions.map(\.session).filter { $0.userID == userID }.reversed()
    }
    func deleteExpiredSessions(asOf time: Date) throws -> Int {
      let before = state.sessions.count
      state.sessions.removeAll { $0.session.expiresAt <= time }
      return before - state.sessions.count
    }
    func append(_ event: AuthEventDraft) throws {
      state.events.append(AuthEvent(id: nextID(), draft: event))
    }
    func recentEvents(limit: Int) throws -> [AuthEvent] {
      Array(state.events.reversed().prefix(limit))
    }
    func throttleState(for username: String) throws -> ThrottleState {
      state.throttle[username] ?? .clear
    }
    func saveThrottleState(_ state: ThrottleState, for username: String) throws {
      self.state.throttle[username] = state
    }
    func clearThrottleState(for username: String) throws { state.throttle[username] = nil }
  }
}
