import AuthDatabase
import CLibPQ

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One libpq connection: parameters always bound in binary (never spliced into SQL),
/// results read in binary.
///
/// Every statement is unnamed (`PQexecParams`, `PQsendQueryParams`), and nothing is set
/// for the session: a connection pooler in transaction mode (PgBouncer) may hand each
/// transaction a different server session, where a named prepared statement or a
/// session-wide setting of an earlier transaction would be missing, or left behind for
/// someone else. So the search path is pinned in every transaction instead (`SET LOCAL`,
/// or `set_config(…, true)`), in the same round trip as the transaction's first statement.
///
/// Not thread-safe, like libpq's connections: `PostgresAuthStore` serialises every use.
public final class PostgresConnection {
  private let library: LibPQ
  private let connection: OpaquePointer
  /// The server as shown to people: no password.
  public let target: String
  /// The schema authcli's tables live in: the first schema of the search path the
  /// connection started with, which is then the whole search path of every transaction
  /// (see `pinnedPath`).
  public private(set) var schema = ""
  /// The search path of every transaction: `schema` then `pg_temp`, quoted by the server
  /// (`format('%I, pg_temp', …)`), so it can be written into `SET LOCAL` as it is.
  private var pinnedPath = ""
  /// Whether statements are unnamed or prepared once per connection.
  public let statements: PostgresStatementMode
  /// With `.prepared`: the name of each statement prepared on this connection, by SQL text.
  private var prepared: [String: String] = [:]

  private init(
    library: LibPQ, connection: OpaquePointer, target: String, statements: PostgresStatementMode
  ) {
    self.library = library
    self.connection = connection
    self.target = target
    self.statements = statements
  }

  deinit { library.finish(connection) }

  /// Connects with a libpq connection string or URI; `target` names it in errors.
  ///
  /// Throws `PostgresError.libraryMissing` without libpq, and `connectionFailed` with
  /// libpq's own reason when the server cannot be reached or refuses. `statements` says
  /// whether statements run unnamed (the default, right behind a pooler in transaction mode)
  /// or are prepared once per connection (`PostgresStatementMode`).
  public static func connect(
    _ connectionString: String, target: String,
    statements: PostgresStatementMode = .unnamed
  ) throws(PostgresError) -> PostgresConnection {
    let library = try LibPQ.loaded()
    return try opened(
      library, library.connectdb(connectionString), target: target, statements: statements
    ) { reason in .connectionFailed(target: target, reason: reason) }
  }

  /// Connects to `target`, checking the server's certificate (`sslmode=verify-full`) when
  /// the target asks for that without naming it (`PostgresTarget.verifiesServerByDefault`);
  /// otherwise as `connect(_:target:statements:)` with its URI.
  ///
  /// A failure with the implied mode throws `verifiedConnectionFailed`, which says the mode
  /// was asked for and why, since the URI shows none.
  public static func connect(
    _ target: PostgresTarget, statements: PostgresStatementMode = .unnamed
  ) throws(PostgresError) -> PostgresConnection {
    guard target.verifiesServerByDefault else {
      return try connect(
        target.connectionString, target: target.displayName, statements: statements)
    }
    let library = try LibPQ.loaded()
    // The URI is expanded in place of `dbname` and the mode after it applies on top, as
    // libpq reads its keywords in order; the URI names no mode to override.
    let connection = "dbname".withCString { dbname in
      "sslmode".withCString { sslmode in
        target.connectionString.withCString { uri in
          ServerVerification.impliedMode.withCString { mode in
            let keywords: [UnsafePointer<CChar>?] = [dbname, sslmode, nil]
            let values: [UnsafePointer<CChar>?] = [uri, mode, nil]
            return library.connectdbParams(keywords, values, 1)
          }
        }
      }
    }
    return try opened(
      library, connection, target: target.displayName, statements: statements
    ) { reason in .verifiedConnectionFailed(target: target.displayName, reason: reason) }
  }

  /// The connection libpq made, with its schema found, or `failure` with libpq's reason.
  private static func opened(
    _ library: LibPQ, _ connection: OpaquePointer?, target: String,
    statements: PostgresStatementMode, failure: (String) -> PostgresError
  ) throws(PostgresError) -> PostgresConnection {
    guard let connection else { throw failure("out of memory") }
    let opened = PostgresConnection(
      library: library, connection: connection, target: target, statements: statements)
    guard library.status(connection) == CONNECTION_OK else {
      throw failure(opened.lastErrorMessage)
    }
    // libpq prints notices ("relation already exists, skipping") to stderr by default;
    // none of them is for the person at the terminal.
    _ = library.setNoticeProcessor(connection, { _, _ in }, nil)
    try opened.findSchema()
    if statements == .prepared { try opened.pinForTheSession() }
    return opened
  }

  /// Finds the schema and the search path every later transaction pins, before any other
  /// statement, and sets nothing.
  ///
  /// Another role that may create objects in a schema of the search path (`public`, before
  /// PostgreSQL 15) could otherwise plant a function or operator whose argument types match a
  /// call better than the built-in one (CVE-2018-1058), and it would run as this role. With
  /// the path pinned, `pg_catalog` is searched first (implicitly) and then only authcli's
  /// schema, and every built-in authcli calls is written `pg_catalog.name(…)` besides, so no
  /// overload elsewhere is ever considered. This statement itself calls qualified functions
  /// only. `pg_temp` goes last, so no temporary table can stand in for one of authcli's.
  ///
  /// The schema must belong to the role connected, the database's owner or a superuser:
  /// a role that may create schemas could make one named after authcli's role, which the
  /// default search path (`"$user", public`) puts first, and so own authcli's tables. (A
  /// superuser may do anything anyway, and owns `public` before PostgreSQL 15.) The path is
  /// not pinned yet, so the operators are named with their schema too.
  private func findSchema() throws(PostgresError) {
    let found = try execute(
      """
      SELECT current.schema_name::text AS name,
        pg_catalog.format('%I, pg_temp', current.schema_name) AS path,
        owner.rolname::text AS owner, CURRENT_USER::text AS role,
        owner.rolsuper OR owner.rolname OPERATOR(pg_catalog.=) CURRENT_USER
          OR owner.rolname OPERATOR(pg_catalog.=) 'pg_database_owner'::pg_catalog.name
          OR owner.oid OPERATOR(pg_catalog.=) (
            SELECT datdba FROM pg_catalog.pg_database
            WHERE datname OPERATOR(pg_catalog.=) pg_catalog.current_database()) AS is_trusted
      FROM (SELECT pg_catalog.current_schema() AS schema_name) AS current
      JOIN pg_catalog.pg_namespace AS namespace
        ON namespace.nspname OPERATOR(pg_catalog.=) current.schema_name
      JOIN pg_catalog.pg_roles AS owner ON owner.oid OPERATOR(pg_catalog.=) namespace.nspowner
      """, pinned: false
    ) { result throws(PostgresError) in
      library.ntuples(result) > 0
        ? try FoundSchema(row: PostgresRow(library: library, result: result, row: 0, sql: ""))
        : nil
    }
    guard let found else { throw PostgresError.noSchema }
    guard found.isTrusted else {
      throw PostgresError.foreignSchema(schema: found.name, owner: found.owner, role: found.role)
    }
    (schema, pinnedPath) = (found.name, found.path)
  }

  /// The schema `findSchema` found, its owner and whether that owner may be trusted.
  private struct FoundSchema {
    let name: String
    let path: String
    let owner: String
    let role: String
    let isTrusted: Bool

    init(row: PostgresRow) throws(PostgresError) {
      name = try row.decode(String.self, "name")
      path = try row.decode(String.self, "path")
      owner = try row.decode(String.self, "owner")
      role = try row.decode(String.self, "role")
      isTrusted = try row.decode(Bool.self, "is_trusted")
    }
  }

  /// Whether the connection is usable as far as libpq knows.
  public var isOpen: Bool { library.status(connection) == CONNECTION_OK }

  /// Reconnects with the same parameters after the server went away. Throws
  /// `connectionFailed` when it cannot. The search path stays the one found first: every
  /// transaction pins it anew.
  public func reconnectIfBroken() throws(PostgresError) {
    guard !isOpen else { return }
    // A new server session knows none of the statements prepared on the old one.
    prepared.removeAll()
    library.reset(connection)
    guard isOpen else {
      throw PostgresError.connectionFailed(target: target, reason: lastErrorMessage)
    }
    if !pinsEachTransaction { try pinForTheSession() }
  }

  /// Whether each transaction pins the search path (`.unnamed`), or the session did once
  /// (`.prepared`, which is for direct connections only, where the session is this
  /// connection's own; a prepared statement is analysed again under the path of the moment
  /// whenever it changes, so the path must hold at every run, not only at the prepare).
  private var pinsEachTransaction: Bool { statements == .unnamed }

  /// Pins the search path for the whole session (`.prepared` only).
  private func pinForTheSession() throws(PostgresError) {
    try executeScript("SET search_path = \(pinnedPath)")
  }

  /// Whether a transaction (`begin`) is open on this connection.
  public var isInTransaction: Bool {
    library.transactionStatus(connection) != PQTRANS_IDLE
  }

  /// Starts a transaction with `statement` (`BEGIN`, `BEGIN ISOLATION LEVEL …`) and pins the
  /// search path for it, in one round trip.
  public func begin(_ statement: String = "BEGIN") throws(PostgresError) {
    guard pinsEachTransaction else { return try executeScript(statement) }
    try executeScript("SET LOCAL search_path = \(pinnedPath);\n\(statement)")
  }

  /// The server's version number, for example 150010 for 15.10.
  public var serverVersion: Int { Int(library.serverVersion(connection)) }

  /// The database name.
  public var databaseName: String { library.db(connection).map { String(cString: $0) } ?? "" }

  /// The user name the session runs as.
  public var userName: String { library.user(connection).map { String(cString: $0) } ?? "" }

  /// Where the connection arrived, as libpq reports it now that it is open.
  public var endpoint: PostgresEndpoint {
    func text(_ value: UnsafeMutablePointer<CChar>?) -> String {
      value.map { String(cString: $0) } ?? ""
    }
    return PostgresEndpoint(
      host: text(library.host(connection)), port: text(library.port(connection)),
      database: databaseName, user: userName, options: text(library.options(connection)))
  }

  /// libpq's version number.
  public var libraryVersion: Int { Int(library.libVersion()) }

  /// Runs one or more statements without parameters as given (`COMMIT`, a migration's
  /// file inside `begin`), with the session's own search path: a script outside a
  /// transaction pins nothing (it may be one that no transaction can hold, such as
  /// `CREATE DATABASE`).
  public func executeScript(_ sql: String) throws(PostgresError) {
    let result = library.exec(connection, sql)
    defer { library.clear(result) }
    try check(result, sql: sql)
  }

  /// Runs one statement with its values; returns how many rows it changed.
  @discardableResult
  public func execute(_ query: PostgresQuery) throws(PostgresError) -> Int {
    try execute(query, pinned: true) { result throws(PostgresError) in
      Self.changedRows(library, result)
    }
  }

  /// Runs one query with its values and maps every row.
  public func query<Row>(
    _ query: PostgresQuery, row: (PostgresRow) throws(PostgresError) -> Row
  ) throws(PostgresError) -> [Row] {
    let sql = query.sql
    return try execute(query, pinned: true) { result throws(PostgresError) in
      try Self.rows(library, result, sql: sql, row)
    }
  }

  /// The first row of a query, mapped, or `nil` when there is none.
  public func queryFirst<Row>(
    _ query: PostgresQuery, row: (PostgresRow) throws(PostgresError) -> Row
  ) throws(PostgresError) -> Row? {
    let sql = query.sql
    return try execute(query, pinned: true) { result throws(PostgresError) in
      guard library.ntuples(result) > 0 else { return nil }
      return try row(PostgresRow(library: library, result: result, row: 0, sql: sql))
    }
  }

  /// Runs several statements in one round trip (libpq's pipeline mode), as one transaction
  /// of their own with the search path pinned, or inside the open transaction. Each
  /// statement's outcome comes back by itself: once one fails, the rest are not run and
  /// answer with that failure's error too, and nothing the transaction did stays.
  public func pipeline(
    _ statements: [PostgresQuery]
  ) throws(PostgresError) -> [Result<PostgresResult, PostgresError>] {
    let pin = isInTransaction || !pinsEachTransaction ? [] : [Self.pinStatement(pinnedPath)]
    let outcomes = try sendPipeline(pin + statements)
    if let failure = outcomes.first, case .failure(let error) = failure, !pin.isEmpty {
      // The pin itself failed: every statement answers with its error.
      return statements.map { _ in .failure(error) }
    }
    return Array(outcomes.dropFirst(pin.count))
  }

  /// `set_config(…, true)` lasts until the end of the transaction the pipeline runs in.
  private static func pinStatement(_ path: String) -> PostgresQuery {
    "SELECT pg_catalog.set_config('search_path', \(path)::text, true)"
  }

  /// Runs one statement: inside the open transaction by itself, or else in one round trip
  /// with the statement that pins the search path for it (`pinned`).
  private func execute<T>(
    _ query: PostgresQuery, pinned: Bool, _ read: (OpaquePointer) throws(PostgresError) -> T
  ) throws(PostgresError) -> T {
    if pinned && pinsEachTransaction && !isInTransaction {
      let outcome = try pipeline([query])
      guard let first = outcome.first else {
        throw PostgresError.connectionLost(reason: lastErrorMessage)
      }
      let result = try first.get()
      return try withExtendedLifetime(result) { () throws(PostgresError) in
        try read(result.result)
      }
    }
    let sql = query.sql
    let name = try preparedName(for: sql, query.binds)
    let result = query.withWireValues {
      count, types, values, lengths, formats in
      if let name {
        library.execPrepared(connection, name, count, values, lengths, formats, 1)
      } else {
        library.execParams(connection, sql, count, types, values, lengths, formats, 1)
      }
    }
    defer { library.clear(result) }
    try check(result, sql: sql)
    guard let result else { throw PostgresError.connectionLost(reason: lastErrorMessage) }
    return try read(result)
  }

  /// With `.prepared`, the statement's name, prepared now (inside the open transaction,
  /// whose search path is pinned) when it was not yet; `nil` with `.unnamed`.
  private func preparedName(
    for sql: String, _ parameters: [DatabaseValue]
  ) throws(PostgresError) -> String? {
    guard statements == .prepared else { return nil }
    if let name = prepared[sql] { return name }
    let name = "authcli_\(prepared.count + 1)"
    let types = parameters.map(\.postgresTypeOID)
    let result = library.prepare(connection, name, sql, Int32(types.count), types)
    defer { library.clear(result) }
    try check(result, sql: sql)
    prepared[sql] = name
    return name
  }

  /// Sends every statement, then one Sync, then reads every outcome. With `.prepared`, a
  /// statement not yet prepared is prepared in the same pipeline, after the pin.
  private func sendPipeline(
    _ statements: [PostgresQuery]
  ) throws(PostgresError) -> [Result<PostgresResult, PostgresError>] {
    let texts = statements.map(\.sql)
    guard library.enterPipelineMode(connection) == 1 else {
      throw PostgresError.connectionLost(reason: lastErrorMessage)
    }
    var sent = 0
    // The statements prepared by this pipeline, by SQL text, recorded once it succeeds.
    var preparing: [String: String] = [:]
    var preparedHere: [Bool] = []
    for (statement, sql) in zip(statements, texts) {
      var name: String?
      var preparesHere = false
      if self.statements == .prepared {
        if let known = prepared[sql] ?? preparing[sql] {
          name = known
        } else {
          let fresh = "authcli_\(prepared.count + preparing.count + 1)"
          let types = statement.binds.map(\.postgresTypeOID)
          guard
            library.sendPrepare(connection, fresh, sql, Int32(types.count), types) == 1
          else { break }
          preparing[sql] = fresh
          name = fresh
          preparesHere = true
        }
      }
      let accepted = statement.withWireValues { count, types, values, lengths, formats in
        if let name {
          library.sendQueryPrepared(connection, name, count, values, lengths, formats, 1)
        } else {
          library.sendQueryParams(connection, sql, count, types, values, lengths, formats, 1)
        }
      }
      preparedHere.append(preparesHere)
      guard accepted == 1 else { break }
      sent += 1
    }
    let synced = library.pipelineSync(connection) == 1
    var outcomes: [Result<PostgresResult, PostgresError>] = []
    var firstError: PostgresError?
    for (index, sql) in texts.prefix(preparedHere.count).enumerated() {
      if preparedHere[index] {
        // The prepare's own result, then a NULL; the statement is known from now on. A
        // prepare the server refused (a table that does not exist) is the statement's error.
        var prepareResult: OpaquePointer?
        while let result = library.getResult(connection) {
          if prepareResult == nil { prepareResult = result } else { library.clear(result) }
        }
        do throws(PostgresError) {
          try check(prepareResult, sql: sql)
          if let name = preparing[sql] { prepared[sql] = name }
        } catch {
          if firstError == nil { firstError = error }
        }
        if let prepareResult { library.clear(prepareResult) }
      }
      guard index < sent else { break }
      // Each statement's result, then a NULL that ends it.
      var kept: OpaquePointer?
      while let result = library.getResult(connection) {
        if kept == nil { kept = result } else { library.clear(result) }
      }
      let outcome: Result<PostgresResult, PostgresError>
      if let kept, library.resultStatus(kept) == PGRES_PIPELINE_ABORTED {
        library.clear(kept)
        outcome = .failure(firstError ?? .connectionLost(reason: lastErrorMessage))
      } else {
        do throws(PostgresError) {
          try check(kept, sql: sql)
          guard let kept else { throw PostgresError.connectionLost(reason: lastErrorMessage) }
          outcome = .success(PostgresResult(library: library, result: kept, sql: sql))
        } catch {
          if let kept { library.clear(kept) }
          outcome = .failure(error)
        }
      }
      if case .failure(let error) = outcome, firstError == nil { firstError = error }
      outcomes.append(outcome)
    }
    // The Sync's own result, and the way out of pipeline mode.
    if synced && isOpen {
      while let result = library.getResult(connection) {
        let status = library.resultStatus(result)
        library.clear(result)
        if status == PGRES_PIPELINE_SYNC { break }
      }
    }
    _ = library.exitPipelineMode(connection)
    guard synced, sent == statements.count, isOpen else {
      throw PostgresError.connectionLost(reason: lastErrorMessage)
    }
    return outcomes
  }

  static func changedRows(_ library: LibPQ, _ result: OpaquePointer) -> Int {
    library.cmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
  }

  static func rows<Row>(
    _ library: LibPQ, _ result: OpaquePointer, sql: String,
    _ row: (PostgresRow) throws(PostgresError) -> Row
  ) throws(PostgresError) -> [Row] {
    let count = library.ntuples(result)
    var rows: [Row] = []
    rows.reserveCapacity(Int(count))
    for index in 0..<count {
      rows.append(try row(PostgresRow(library: library, result: result, row: index, sql: sql)))
    }
    return rows
  }

  /// Turns a failed result into the matching error: the connection's, or the server's.
  private func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) {
    guard let result else { throw lostOrFailed() }
    let status = library.resultStatus(result)
    if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY {
      return
    }
    let field = { [library] (code: Character) -> String? in
      library.resultErrorField(result, Int32(code.asciiValue ?? 0)).map { String(cString: $0) }
    }
    let sqlState = field("C") ?? ""
    // Class 08 is the connection; 57P01-57P03 are the server shutting down or starting up.
    // No SQLSTATE at all is libpq's own failure, not the server's: the server vanished
    // mid-statement ("server closed the connection unexpectedly") before libpq marked the
    // connection bad, as a server killed at once (a crash, pg_ctl -m immediate) leaves it.
    if !isOpen || sqlState.isEmpty || sqlState.hasPrefix("08")
      || ["57P01", "57P02", "57P03"].contains(sqlState)
    {
      throw PostgresError.connectionLost(reason: field("M") ?? lastErrorMessage)
    }
    let message =
      field("M")
      ?? Self.oneLine(library.resultErrorMessage(result).map { String(cString: $0) } ?? "")
    throw PostgresError.server(
      PostgresServerError(sqlState: sqlState, message: message, sql: sql, table: field("t")))
  }

  private func lostOrFailed() -> PostgresError {
    .connectionLost(reason: lastErrorMessage)
  }

  /// libpq's message for the last failure on this connection, on one line.
  var lastErrorMessage: String {
    Self.oneLine(library.errorMessage(connection).map { String(cString: $0) } ?? "")
  }

  static func oneLine(_ text: String) -> String {
    let parts = text.split(whereSeparator: \.isNewline).map {
      $0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
    }.map { String($0) }
    let joined = parts.filter { !$0.isEmpty }.joined(separator: " ")
    return joined.isEmpty ? "no reason given" : joined
  }
}

/// How a connection sends its statements.
public enum PostgresStatementMode: Sendable {
  /// Every statement unnamed, parsed and planned at each run: nothing is left on the server
  /// session, so it is right behind a pooler in transaction mode (PgBouncer), where the next
  /// transaction may run on another server session; and for a process that runs a few
  /// statements and ends (each `authcli` command).
  case unnamed
  /// Each statement prepared once per connection and run by name, the search path pinned
  /// once for the session: planned once, for a long-lived process on a direct connection
  /// that runs the same statements many times. Not behind a pooler in transaction mode.
  case prepared
}

extension PostgresQuery {
  /// Hands libpq's parameter arrays (count, types, values, lengths, formats) to `send`,
  /// valid only during the call.
  func withWireValues<T>(
    _ send: (
      Int32, [Oid], [UnsafePointer<CChar>?], [Int32], [Int32]
    ) -> T
  ) -> T {
    let encoded = binds.map(\.postgresWireBytes)
    var buffer: [UInt8] = []
    var offsets: [Int] = []
    for bytes in encoded {
      offsets.append(buffer.count)
      buffer.append(contentsOf: bytes ?? [])
    }
    let lengths = encoded.map { Int32($0?.count ?? 0) }
    let formats = [Int32](repeating: 1, count: binds.count)
    let types = binds.map(\.postgresTypeOID)
    return buffer.withUnsafeBufferPointer { storage in
      // An empty array may have no storage; every value then is NULL or empty, and an
      // empty value still needs a non-NULL pointer, which this one is.
      let base = storage.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(bitPattern: 1)
      let values: [UnsafePointer<CChar>?] = encoded.indices.map { index in
        guard encoded[index] != nil, let base else { return nil }
        return (base + offsets[index]).assumingMemoryBound(to: CChar.self)
      }
      return send(Int32(binds.count), types, values, lengths, formats)
    }
  }
}

/// The result of one statement of a pipeline; cleared when released.
public final class PostgresResult {
  let library: LibPQ
  let result: OpaquePointer
  let sql: String

  init(library: LibPQ, result: OpaquePointer, sql: String) {
    self.library = library
    self.result = result
    self.sql = sql
  }

  deinit { library.clear(result) }

  /// Every row, mapped.
  public func rows<Row>(
    _ row: (PostgresRow) throws(PostgresError) -> Row
  ) throws(PostgresError) -> [Row] {
    try PostgresConnection.rows(library, result, sql: sql, row)
  }

  /// How many rows the statement changed.
  public var changedRows: Int { PostgresConnection.changedRows(library, result) }
}

/// Where a connection arrived, as libpq reports it once connected (`PQhost`, `PQport`,
/// `PQdb`, `PQuser`, `PQoptions`): what a URI, the `PG…` variables and libpq's defaults
/// came to together. Two connections with the same endpoint use the same database.
public struct PostgresEndpoint: Hashable, Sendable {
  /// The host name, address or socket folder reached (of several, the one that answered).
  public let host: String
  /// The port reached.
  public let port: String
  /// The database.
  public let database: String
  /// The role the session runs as.
  public let user: String
  /// The server options sent (`options=`, `PGOPTIONS`), which may choose the schema.
  public let options: String

  /// Describes an endpoint.
  public init(host: String, port: String, database: String, user: String, options: String) {
    self.host = host
    self.port = port
    self.database = database
    self.user = user
    self.options = options
  }
}

// The migrators read their record tables through this, on either engine.
extension PostgresConnection: DatabaseConnection {
  /// Whether the search path finds a table of this name.
  public func tableExists(_ name: String) throws(PostgresError) -> Bool {
    try queryFirst("SELECT pg_catalog.to_regclass(\(name)::text) IS NOT NULL AS present") {
      row throws(PostgresError) in try row.decode(Bool.self, "present")
    } ?? false
  }
}
