import CLibPQ

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One libpq connection: statements prepared once and reused, parameters always bound in
/// binary (never spliced into SQL), results read in binary.
///
/// Not thread-safe, like libpq's connections: `PostgresAuthStore` serialises every use.
public final class PostgresConnection {
  private let library: LibPQ
  private let connection: OpaquePointer
  /// The server as shown to people: no password.
  public let target: String
  /// Prepared statement names by SQL text; the server forgets them when the session ends.
  private var prepared: [String: String] = [:]
  /// The schema authcli's tables live in: the first schema of the search path the
  /// connection started with, which is then the whole search path (see `pinSearchPath`).
  public private(set) var schema = ""

  private init(library: LibPQ, connection: OpaquePointer, target: String) {
    self.library = library
    self.connection = connection
    self.target = target
  }

  deinit { library.finish(connection) }

  /// Connects with a libpq connection string or URI; `target` names it in errors.
  ///
  /// Throws `PostgresError.libraryMissing` without libpq, and `connectionFailed` with
  /// libpq's own reason when the server cannot be reached or refuses.
  public static func connect(
    _ connectionString: String, target: String
  ) throws -> PostgresConnection {
    let library = try LibPQ.loaded()
    guard let connection = library.connectdb(connectionString) else {
      throw PostgresError.connectionFailed(target: target, reason: "out of memory")
    }
    let opened = PostgresConnection(library: library, connection: connection, target: target)
    guard library.status(connection) == CONNECTION_OK else {
      throw PostgresError.connectionFailed(target: target, reason: opened.lastErrorMessage)
    }
    // libpq prints notices ("relation already exists, skipping") to stderr by default;
    // none of them is for the person at the terminal.
    _ = library.setNoticeProcessor(connection, { _, _ in }, nil)
    try opened.pinSearchPath()
    return opened
  }

  /// Sets the search path to authcli's own schema alone, before any other statement.
  ///
  /// Another role that may create objects in a schema of the search path (`public`, before
  /// PostgreSQL 15) could otherwise plant a function or operator whose argument types match a
  /// call better than the built-in one (CVE-2018-1058), and it would run as this role. With
  /// the path pinned, `pg_catalog` is searched first (implicitly) and then only authcli's
  /// schema, and every built-in authcli calls is written `pg_catalog.name(…)` besides, so no
  /// overload elsewhere is ever considered. This statement itself calls qualified functions
  /// only. `pg_temp` goes last, so no temporary table can stand in for one of authcli's.
  private func pinSearchPath() throws {
    let pinned = try queryFirst(
      """
      SELECT schema_name::text,
        pg_catalog.set_config('search_path', pg_catalog.format('%I, pg_temp', schema_name), false)
      FROM (SELECT pg_catalog.current_schema() AS schema_name) AS current
      WHERE schema_name IS NOT NULL
      """
    ) { row in row.string(0) }
    guard let pinned else { throw PostgresError.noSchema }
    schema = pinned
  }

  /// Whether the connection is usable as far as libpq knows.
  public var isOpen: Bool { library.status(connection) == CONNECTION_OK }

  /// Reconnects with the same parameters after the server went away; prepared
  /// statements are made again on next use. Throws `connectionFailed` when it cannot.
  public func reconnectIfBroken() throws {
    guard !isOpen else { return }
    prepared.removeAll()
    library.reset(connection)
    guard isOpen else {
      throw PostgresError.connectionFailed(target: target, reason: lastErrorMessage)
    }
    // A new server session starts from the search path of the connection parameters again.
    try pinSearchPath()
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

  /// Runs one or more statements without parameters (migrations, BEGIN, COMMIT).
  public func executeScript(_ sql: String) throws {
    let result = library.exec(connection, sql)
    defer { library.clear(result) }
    try check(result, sql: sql)
  }

  /// Runs one statement with bound parameters; returns how many rows it changed.
  @discardableResult
  public func execute(
    _ sql: String, _ parameters: [PostgresValue] = []
  ) throws
    -> Int
  {
    try run(sql, parameters) { result in
      library.cmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
    }
  }

  /// Runs one query with bound parameters and maps every row.
  public func query<Row>(
    _ sql: String, _ parameters: [PostgresValue] = [],
    row: (PostgresRow) throws -> Row
  ) throws -> [Row] {
    try run(sql, parameters) { result in
      let count = library.ntuples(result)
      var rows: [Row] = []
      rows.reserveCapacity(Int(count))
      for index in 0..<count {
        rows.append(try row(PostgresRow(library: library, result: result, row: index, sql: sql)))
      }
      return rows
    }
  }

  /// The first row of a query, mapped, or `nil` when there is none.
  public func queryFirst<Row>(
    _ sql: String, _ parameters: [PostgresValue] = [],
    row: (PostgresRow) throws -> Row
  ) throws -> Row? {
    try run(sql, parameters) { result in
      guard library.ntuples(result) > 0 else { return nil }
      return try row(PostgresRow(library: library, result: result, row: 0, sql: sql))
    }
  }

  /// Prepares `sql` once per connection, executes it with `parameters` in binary and
  /// hands the result to `read` before clearing it.
  private func run<T>(
    _ sql: String, _ parameters: [PostgresValue],
    _ read: (OpaquePointer) throws -> T
  ) throws -> T {
    let name = try statementName(for: sql, parameters)
    let encoded = parameters.map(\.wireBytes)
    var buffer: [UInt8] = []
    var offsets: [Int] = []
    for bytes in encoded {
      offsets.append(buffer.count)
      buffer.append(contentsOf: bytes ?? [])
    }
    let lengths = encoded.map { Int32($0?.count ?? 0) }
    let formats = [Int32](repeating: 1, count: parameters.count)
    let result = buffer.withUnsafeBufferPointer { storage in
      // An empty array may have no storage; every value then is NULL or empty, and an
      // empty value still needs a non-NULL pointer, which this one is.
      let base = storage.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(bitPattern: 1)
      let values: [UnsafePointer<CChar>?] = encoded.indices.map { index in
        guard encoded[index] != nil, let base else { return nil }
        return (base + offsets[index]).assumingMemoryBound(to: CChar.self)
      }
      return library.execPrepared(
        connection, name, Int32(parameters.count), values, lengths, formats, 1)
    }
    defer { library.clear(result) }
    try check(result, sql: sql)
    guard let result else { throw PostgresError.connectionLost(reason: lastErrorMessage) }
    return try read(result)
  }

  private func statementName(
    for sql: String, _ parameters: [PostgresValue]
  ) throws -> String {
    if let name = prepared[sql] { return name }
    let name = "authcli_\(prepared.count + 1)"
    let types = parameters.map(\.typeOID)
    let result = library.prepare(connection, name, sql, Int32(types.count), types)
    defer { library.clear(result) }
    try check(result, sql: sql)
    prepared[sql] = name
    return name
  }

  /// Turns a failed result into the matching error: the connection's, or the server's.
  private func check(_ result: OpaquePointer?, sql: String) throws {
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
    throw PostgresError.server(PostgresServerError(sqlState: sqlState, message: message, sql: sql))
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
