import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The store's operations on one unit of work's copy of the tables.
///
/// What a database's schema does by itself is done here by hand: the unique name (a taken
/// name throws `usernameTaken`), the foreign keys (a session, cookie or factor for a missing
/// account is refused; deleting an account deletes its sessions, cookies, factor and codes,
/// takes it out of every group, and unlinks its audit events, which keep its last name).
final class DictionaryStoreContext: AuthStoreContext {
  var tables: Tables
  private let nameKey: [UInt8]

  init(tables: Tables, nameKey: [UInt8]) {
    self.tables = tables
    self.nameKey = nameKey
  }

  /// The keyed hash a name that may be a typed secret is kept under.
  private func storedName(_ name: String) throws(AuthError) -> String {
    guard let hashed = NameHash.hex(of: name, key: nameKey) else {
      throw .store(.failed(StoreError.Failure(.unavailable, message: "libsodium could not start")))
    }
    return hashed
  }

  /// What a foreign key answers for a row that names a missing account.
  private func requireUser(_ userID: UserID, for table: String) throws(AuthError) {
    guard tables.users[userID] == nil else { return }
    throw .store(
      .failed(
        StoreError.Failure(
          .unexpected, message: "FOREIGN KEY constraint failed: \(table) names no account")))
  }

  /// A time as the stores keep it: whole milliseconds, the ends of 64 bits for times beyond
  /// them (`StoredTime`, which the SQLite and PostgreSQL stores use too), so this store
  /// answers with the same times they do, and compares with them the same way.
  private func kept(_ time: Date) -> Date { StoredTime.rounded(time) }

  private func kept(_ state: ThrottleState) -> ThrottleState {
    ThrottleState(
      consecutiveFailures: state.consecutiveFailures, lockedUntil: state.lockedUntil.map(kept),
      lastFailureAt: state.lastFailureAt.map(kept))
  }

  /// What a primary key answers for a second row with the same key.
  private func duplicate(_ table: String) -> AuthError {
    .store(.failed(StoreError.Failure(.unexpected, message: "UNIQUE constraint failed: \(table)")))
  }

  // MARK: UserStore

  func insertUser(username: Username, passwordHash: String, at time: Date) throws(AuthError) -> User
  {
    let time = kept(time)
    guard tables.userIDsByName[username.canonical] == nil else {
      throw .store(.usernameTaken)
    }
    tables.lastUserID += 1
    let user = User(
      id: UserID(rawValue: tables.lastUserID), username: username.canonical, createdAt: time,
      updatedAt: time)
    tables.users[user.id] = UserRecord(user: user, passwordHash: passwordHash)
    tables.userIDsByName[user.username] = user.id
    return user
  }

  func userRecord(named username: Username) throws(AuthError) -> UserRecord? {
    tables.userIDsByName[username.canonical].flatMap { tables.users[$0] }
  }

  func userRecord(id: UserID) throws(AuthError) -> UserRecord? {
    tables.users[id]
  }

  func updatePasswordHash(
    _ passwordHash: String, for userID: UserID, at time: Date
  ) throws(AuthError) {
    guard let record = tables.users[userID] else { return }
    tables.users[userID] = UserRecord(
      user: record.user.updated(at: kept(time)), passwordHash: passwordHash, lock: record.lock,
      expiresAt: record.expiresAt, passwordChangeRequired: record.passwordChangeRequired)
  }

  func setLock(_ lock: AccountLock?, for userID: UserID, at time: Date) throws(AuthError) {
    guard let record = tables.users[userID] else { return }
    let lock = lock.map { AccountLock(lockedAt: kept($0.lockedAt), reason: $0.reason) }
    tables.users[userID] = UserRecord(
      user: record.user.updated(at: kept(time)), passwordHash: record.passwordHash, lock: lock,
      expiresAt: record.expiresAt, passwordChangeRequired: record.passwordChangeRequired)
  }

  func setExpiry(_ expiresAt: Date?, for userID: UserID, at time: Date) throws(AuthError) {
    guard let record = tables.users[userID] else { return }
    tables.users[userID] = UserRecord(
      user: record.user.updated(at: kept(time)), passwordHash: record.passwordHash,
      lock: record.lock, expiresAt: expiresAt.map(kept),
      passwordChangeRequired: record.passwordChangeRequired)
  }

  func setPasswordChangeRequired(
    _ required: Bool, for userID: UserID, at time: Date
  ) throws(AuthError) {
    guard let record = tables.users[userID] else { return }
    tables.users[userID] = UserRecord(
      user: record.user.updated(at: kept(time)), passwordHash: record.passwordHash,
      lock: record.lock, expiresAt: record.expiresAt, passwordChangeRequired: required)
  }

  func deleteUser(_ userID: UserID) throws(AuthError) -> Bool {
    guard let record = tables.users.removeValue(forKey: userID) else { return false }
    tables.userIDsByName[record.user.username] = nil
    for (id, stored) in tables.sessions where stored.session.userID == userID {
      tables.sessions[id] = nil
      tables.sessionIDsByTokenHash[stored.tokenHash] = nil
    }
    tables.deviceCookies = tables.deviceCookies.filter { $0.value.userID != userID }
    tables.secondFactors[userID] = nil
    tables.recoveryCodes[userID] = nil
    for group in tables.groupMembers.keys { tables.groupMembers[group]?.remove(userID) }
    tables.groupMembers = tables.groupMembers.filter { !$0.value.isEmpty }
    tables.events = tables.events.map { event in
      guard event.draft.userID == userID else { return event }
      let draft = event.draft
      return AuthEvent(
        id: event.id,
        draft: AuthEventDraft(
          time: draft.time, kind: draft.kind, userID: nil, username: record.user.username,
          detail: draft.detail))
    }
    return true
  }

  func userRecords(after: UserID?, limit: Int) throws(AuthError) -> [UserRecord] {
    let start = after?.rawValue ?? Int64.min
    let later = tables.users.values.filter { $0.user.id.rawValue > start }
    return Array(later.sorted { $0.user.id.rawValue < $1.user.id.rawValue }.prefix(max(limit, 0)))
  }

  func renameUser(_ userID: UserID, to username: Username, at time: Date) throws(AuthError) {
    guard let record = tables.users[userID] else { return }
    if let holder = tables.userIDsByName[username.canonical], holder != userID {
      throw .store(.usernameTaken)
    }
    let old = record.user
    let renamed = User(
      id: old.id, username: username.canonical, createdAt: old.createdAt, updatedAt: kept(time))
    tables.users[userID] = UserRecord(
      user: renamed, passwordHash: record.passwordHash, lock: record.lock,
      expiresAt: record.expiresAt, passwordChangeRequired: record.passwordChangeRequired)
    tables.userIDsByName[old.username] = nil
    tables.userIDsByName[renamed.username] = userID
  }

  // MARK: SessionStore

  func insertSession(
    userID: UserID, tokenHash: TokenHash, createdAt: Date, expiresAt: Date
  ) throws(AuthError) -> Session {
    try requireUser(userID, for: "sessions")
    guard tables.sessionIDsByTokenHash[tokenHash] == nil else { throw duplicate("sessions") }
    tables.lastSessionID += 1
    let session = Session(
      id: SessionID(rawValue: tables.lastSessionID), userID: userID, createdAt: kept(createdAt),
      lastUsedAt: kept(createdAt), expiresAt: kept(expiresAt))
    tables.sessions[session.id] = StoredSession(session: session, tokenHash: tokenHash)
    tables.sessionIDsByTokenHash[tokenHash] = session.id
    return session
  }

  func authenticatedSession(tokenHash: TokenHash) throws(AuthError) -> AuthenticatedSession? {
    try authenticatedSessionAndStoredHash(tokenHash: tokenHash)?.found
  }

  func tokenHash(of sessionID: SessionID) throws(AuthError) -> TokenHash? {
    tables.sessions[sessionID]?.tokenHash
  }

  func authenticatedSessionAndStoredHash(
    tokenHash: TokenHash
  ) throws(AuthError) -> (found: AuthenticatedSession, storedHash: TokenHash)? {
    guard let id = tables.sessionIDsByTokenHash[tokenHash], let stored = tables.sessions[id],
      let record = tables.users[stored.session.userID]
    else { return nil }
    return (AuthenticatedSession(user: record.user, session: stored.session), stored.tokenHash)
  }

  func touchSession(_ sessionID: SessionID, lastUsedAt: Date, expiresAt: Date) throws(AuthError) {
    guard let stored = tables.sessions[sessionID] else { return }
    let old = stored.session
    tables.sessions[sessionID]?.session = Session(
      id: old.id, userID: old.userID, createdAt: old.createdAt, lastUsedAt: kept(lastUsedAt),
      expiresAt: kept(expiresAt))
  }

  func deleteSession(_ sessionID: SessionID) throws(AuthError) -> Bool {
    guard let stored = tables.sessions.removeValue(forKey: sessionID) else { return false }
    tables.sessionIDsByTokenHash[stored.tokenHash] = nil
    return true
  }

  func deleteSessions(of userID: UserID, except keeping: SessionID?) throws(AuthError) -> Int {
    let ending = tables.sessions.values.map(\.session).filter {
      $0.userID == userID && $0.id != keeping
    }
    for session in ending { _ = try deleteSession(session.id) }
    return ending.count
  }

  func sessions(of userID: UserID) throws(AuthError) -> [Session] {
    tables.sessions.values.map(\.session).filter { $0.userID == userID }.sorted {
      ($0.createdAt, $0.id.rawValue) > ($1.createdAt, $1.id.rawValue)
    }
  }

  func deleteExpiredSessions(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    let time = kept(time)
    let expired = tables.sessions.values.map(\.session).filter { $0.expiresAt <= time }
      .sorted { $0.expiresAt < $1.expiresAt }
    let ending = limit.map { expired.prefix(max($0, 0)) } ?? expired[...]
    for session in ending { _ = try deleteSession(session.id) }
    return ending.count
  }

  func countExpiredSessions(asOf time: Date) throws(AuthError) -> Int {
    let time = kept(time)
    return tables.sessions.values.count { $0.session.expiresAt <= time }
  }

  // MARK: AuditLog

  func append(_ event: AuthEventDraft) throws(AuthError) {
    // The hash is made first so that the rule of which names are hashed stays the port's.
    let hashed = try event.username.map { name throws(AuthError) in try storedName(name) }
    let username = event.storedUsername { name in hashed ?? name }
    tables.lastEventID += 1
    let draft = AuthEventDraft(
      time: kept(event.time), kind: event.kind, userID: event.userID, username: username,
      detail: event.detail)
    tables.events.append(AuthEvent(id: tables.lastEventID, draft: draft))
  }

  func recentEvents(limit: Int) throws(AuthError) -> [AuthEvent] {
    try events(matching: AuditQuery(limit: limit))
  }

  func events(matching query: AuditQuery) throws(AuthError) -> [AuthEvent] {
    // An attempted name is kept as its keyed hash, so a query for it looks for both forms;
    // a name alone selects events of no account.
    let names = try query.username.map { name throws(AuthError) in [name, try storedName(name)] }
    let selected = tables.events.filter { event in
      let draft = event.draft
      if let names, draft.userID != nil || !names.contains(where: { $0 == draft.username }) {
        return false
      }
      if let userID = query.userID, draft.userID != userID { return false }
      if let kinds = query.kinds, !kinds.contains(draft.kind) { return false }
      if let since = query.since, draft.time < kept(since) { return false }
      return true
    }
    let newestFirst = selected.sorted { ($0.draft.time, $0.id) > ($1.draft.time, $1.id) }
    // An account's events read with its name now, as the engines' adapters read them.
    return newestFirst.prefix(max(query.limit, 0)).map { event in
      let draft = event.draft
      guard let userID = draft.userID, let account = tables.users[userID] else { return event }
      return AuthEvent(
        id: event.id,
        draft: AuthEventDraft(
          time: draft.time, kind: draft.kind, userID: userID, username: account.user.username,
          detail: draft.detail))
    }
  }

  func latestEventTime(of userID: UserID, kinds: Set<AuthEventKind>) throws(AuthError) -> Date? {
    tables.events.filter { $0.draft.userID == userID && kinds.contains($0.draft.kind) }
      .map(\.draft.time).max()
  }

  // MARK: ThrottleStore

  func throttleState(for username: String) throws(AuthError) -> ThrottleState {
    tables.throttle[try storedName(username)] ?? .clear
  }

  func saveThrottleState(_ state: ThrottleState, for username: String) throws(AuthError) {
    tables.throttle[try storedName(username)] = kept(state)
  }

  func clearThrottleState(for username: String) throws(AuthError) {
    tables.throttle[try storedName(username)] = nil
  }

  func deleteForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date, limit: Int?
  ) throws(AuthError) -> Int {
    let (now, cutoff) = (kept(now), kept(cutoff))
    let forgotten = tables.throttle.filter { $0.value.isForgotten(at: now, failuresBefore: cutoff) }
      .sorted {
        ($0.value.lastFailureAt ?? .distantPast) < ($1.value.lastFailureAt ?? .distantPast)
      }
    let deleting = limit.map { forgotten.prefix(max($0, 0)) } ?? forgotten[...]
    for (name, _) in deleting { tables.throttle[name] = nil }
    return deleting.count
  }

  func countForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date
  ) throws(AuthError) -> Int {
    let (now, cutoff) = (kept(now), kept(cutoff))
    return tables.throttle.values.count { $0.isForgotten(at: now, failuresBefore: cutoff) }
  }

  // MARK: DeviceCookieStore (every requirement here has a default that keeps no cookies,
  // which leaves every client untrusted; this store keeps them)

  func deviceCookie(tokenHash: TokenHash) throws(AuthError) -> DeviceCookie? {
    tables.deviceCookies[tokenHash]
  }

  func insertDeviceCookie(
    tokenHash: TokenHash, userID: UserID, createdAt: Date, expiresAt: Date
  ) throws(AuthError) {
    try requireUser(userID, for: "device_cookies")
    guard tables.deviceCookies[tokenHash] == nil else { throw duplicate("device_cookies") }
    tables.deviceCookies[tokenHash] = DeviceCookie(
      userID: userID, expiresAt: kept(expiresAt), throttle: .clear)
  }

  func saveDeviceCookieThrottle(_ state: ThrottleState, tokenHash: TokenHash) throws(AuthError) {
    guard let cookie = tables.deviceCookies[tokenHash] else { return }
    tables.deviceCookies[tokenHash] = DeviceCookie(
      userID: cookie.userID, expiresAt: cookie.expiresAt, throttle: kept(state))
  }

  func deleteDeviceCookie(tokenHash: TokenHash) throws(AuthError) {
    tables.deviceCookies[tokenHash] = nil
  }

  func clearDeviceCookieThrottles(of userID: UserID) throws(AuthError) {
    for (hash, cookie) in tables.deviceCookies where cookie.userID == userID {
      tables.deviceCookies[hash] = DeviceCookie(
        userID: userID, expiresAt: cookie.expiresAt, throttle: .clear)
    }
  }

  func deleteExpiredDeviceCookies(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    let time = kept(time)
    let expired = tables.deviceCookies.filter { $0.value.expiresAt <= time }
      .sorted { $0.value.expiresAt < $1.value.expiresAt }
    let deleting = limit.map { expired.prefix(max($0, 0)) } ?? expired[...]
    for (hash, _) in deleting { tables.deviceCookies[hash] = nil }
    return deleting.count
  }

  func countExpiredDeviceCookies(asOf time: Date) throws(AuthError) -> Int {
    let time = kept(time)
    return tables.deviceCookies.values.count { $0.expiresAt <= time }
  }

  // MARK: SecondFactorStore

  func secondFactor(of userID: UserID) throws(AuthError) -> StoredSecondFactor? {
    tables.secondFactors[userID]
  }

  func replaceSecondFactor(_ factor: StoredSecondFactor) throws(AuthError) {
    try requireUser(factor.userID, for: "second_factors")
    tables.secondFactors[factor.userID] = StoredSecondFactor(
      userID: factor.userID, sealedSecret: factor.sealedSecret, parameters: factor.parameters,
      state: factor.state, lastAcceptedStep: factor.lastAcceptedStep,
      createdAt: kept(factor.createdAt), updatedAt: kept(factor.updatedAt))
    tables.recoveryCodes[factor.userID] = nil
  }

  func enableSecondFactor(
    of userID: UserID, acceptedStep: UInt64, at time: Date
  ) throws(AuthError) {
    guard let factor = tables.secondFactors[userID] else { return }
    tables.secondFactors[userID] = factor.changed(
      state: .enabled, step: acceptedStep, at: kept(time))
  }

  func recordAcceptedStep(_ step: UInt64, of userID: UserID, at time: Date) throws(AuthError) {
    guard let factor = tables.secondFactors[userID] else { return }
    tables.secondFactors[userID] = factor.changed(state: factor.state, step: step, at: kept(time))
  }

  func deleteSecondFactor(of userID: UserID) throws(AuthError) -> Bool {
    tables.recoveryCodes[userID] = nil
    return tables.secondFactors.removeValue(forKey: userID) != nil
  }

  func recoveryCodeHashes(of userID: UserID) throws(AuthError) -> [RecoveryCodeHash] {
    (tables.recoveryCodes[userID] ?? []).sorted {
      $0.rawValue.lexicographicallyPrecedes($1.rawValue)
    }
  }

  func replaceRecoveryCodes(
    _ hashes: [RecoveryCodeHash], of userID: UserID, at time: Date
  ) throws(AuthError) {
    try requireUser(userID, for: "recovery_codes")
    tables.recoveryCodes[userID] = Set(hashes)
  }

  func deleteRecoveryCode(_ hash: RecoveryCodeHash, of userID: UserID) throws(AuthError) -> Bool {
    tables.recoveryCodes[userID]?.remove(hash) != nil
  }

  func enabledSecondFactors(among userIDs: [UserID]) throws(AuthError) -> Set<UserID> {
    Set(userIDs.filter { tables.secondFactors[$0]?.state == .enabled })
  }
}

extension User {
  /// The same account with `updatedAt` moved.
  fileprivate func updated(at time: Date) -> User {
    User(id: id, username: username, createdAt: createdAt, updatedAt: time)
  }
}

extension StoredSecondFactor {
  /// The same factor in `state`, with `step` accepted at `time`.
  fileprivate func changed(state: SecondFactorState, step: UInt64, at time: Date) -> Self {
    StoredSecondFactor(
      userID: userID, sealedSecret: sealedSecret, parameters: parameters, state: state,
      lastAcceptedStep: step, createdAt: createdAt, updatedAt: time)
  }
}

extension DictionaryStoreContext {
  // MARK: SignInWorkStore

  func raisedSignInWork() throws(AuthError) -> Int? { tables.raisedSignInWork }

  func setRaisedSignInWork(_ work: Int?, at time: Date) throws(AuthError) {
    tables.raisedSignInWork = work
  }
}

extension DictionaryStoreContext {
  // MARK: GroupStore

  func addMember(_ userID: UserID, to group: GroupName, at time: Date) throws(AuthError) -> Bool {
    try requireUser(userID, for: "group_members")
    return tables.groupMembers[group, default: []].insert(userID).inserted
  }

  func removeMember(_ userID: UserID, from group: GroupName) throws(AuthError) -> Bool {
    let removed = tables.groupMembers[group]?.remove(userID) != nil
    // A group exists while it has members.
    if tables.groupMembers[group]?.isEmpty == true { tables.groupMembers[group] = nil }
    return removed
  }

  func groupSummaries() throws(AuthError) -> [GroupSummary] {
    tables.groupMembers.filter { !$0.value.isEmpty }
      .map { GroupSummary(name: $0.key, memberCount: $0.value.count) }
      .sorted { $0.name < $1.name }
  }

  func members(of group: GroupName) throws(AuthError) -> [User] {
    (tables.groupMembers[group] ?? []).compactMap { tables.users[$0]?.user }
      .sorted { $0.username < $1.username }
  }

  func groups(of userID: UserID) throws(AuthError) -> [GroupName] {
    tables.groupMembers.filter { $0.value.contains(userID) }.map(\.key).sorted()
  }
}
