import CLibPQ

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libpq's functions, looked up in the shared library at run time.
///
/// Linking libpq would load it and the 25 libraries it needs at every process start,
/// a cost that users of SQLite alone would pay for nothing; opening it on first use
/// keeps it out of every process that never names a PostgreSQL database.
struct LibPQ: Sendable {
  let connectdb: authcli_PQconnectdb
  let connectdbParams: authcli_PQconnectdbParams
  let finish: authcli_PQfinish
  let reset: authcli_PQreset
  let status: authcli_PQstatus
  let errorMessage: authcli_PQerrorMessage
  let serverVersion: authcli_PQserverVersion
  let db: authcli_PQdb
  let user: authcli_PQuser
  let host: authcli_PQhost
  let setNoticeProcessor: authcli_PQsetNoticeProcessor
  let exec: authcli_PQexec
  let execParams: authcli_PQexecParams
  let prepare: authcli_PQprepare
  let execPrepared: authcli_PQexecPrepared
  let sendPrepare: authcli_PQsendPrepare
  let sendQueryPrepared: authcli_PQsendQueryPrepared
  let sendQueryParams: authcli_PQsendQueryParams
  let getResult: authcli_PQgetResult
  let enterPipelineMode: authcli_PQenterPipelineMode
  let exitPipelineMode: authcli_PQexitPipelineMode
  let pipelineSync: authcli_PQpipelineSync
  let transactionStatus: authcli_PQtransactionStatus
  let resultStatus: authcli_PQresultStatus
  let resultErrorField: authcli_PQresultErrorField
  let resultErrorMessage: authcli_PQresultErrorMessage
  let ntuples: authcli_PQntuples
  let getvalue: authcli_PQgetvalue
  let getlength: authcli_PQgetlength
  let getisnull: authcli_PQgetisnull
  let fnumber: authcli_PQfnumber
  let cmdTuples: authcli_PQcmdTuples
  let clear: authcli_PQclear
  let libVersion: authcli_PQlibVersion
  let port: authcli_PQport
  let options: authcli_PQoptions
  let conninfoParse: authcli_PQconninfoParse
  let conninfoFree: authcli_PQconninfoFree
  let freemem: authcli_PQfreemem

  /// The names tried, in order: the versioned name that the runtime package installs
  /// (the unversioned `libpq.so` comes only with the development package).
  #if canImport(Darwin)
    static let libraryNames = ["libpq.5.dylib", "libpq.dylib"]
  #else
    static let libraryNames = ["libpq.so.5"]
  #endif

  /// The library, opened once per process on first use; the failure is kept too, so
  /// every caller gets the same answer.
  static let shared: Result<LibPQ, PostgresError> = {
    do {
      return .success(try load())
    } catch let error as PostgresError {
      return .failure(error)
    } catch {
      return .failure(.libraryMissing(reason: "\(error)"))
    }
  }()

  /// The loaded library, or `PostgresError.libraryMissing`.
  static func loaded() throws(PostgresError) -> LibPQ {
    try shared.get()
  }

  /// Whether this process has libpq mapped now (for tests that prove it stays out).
  static var isMappedInProcess: Bool {
    libraryNames.contains { dlopen($0, RTLD_NOW | RTLD_NOLOAD) != nil }
  }

  private static func load() throws -> LibPQ {
    var reasons: [String] = []
    for name in libraryNames {
      if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
        // The handle stays open for the life of the process: the functions are used to the end.
        return try LibPQ(handle: handle)
      }
      reasons.append(dlerror().map { String(cString: $0) } ?? name)
    }
    throw PostgresError.libraryMissing(reason: reasons.joined(separator: "; "))
  }

  private init(handle: UnsafeMutableRawPointer) throws {
    func symbol<Function>(_ name: String, as type: Function.Type) throws -> Function {
      guard let address = dlsym(handle, name) else {
        throw PostgresError.libraryMissing(reason: "libpq has no \(name) (version too old?)")
      }
      return unsafeBitCast(address, to: type)
    }
    connectdb = try symbol("PQconnectdb", as: authcli_PQconnectdb.self)
    connectdbParams = try symbol("PQconnectdbParams", as: authcli_PQconnectdbParams.self)
    finish = try symbol("PQfinish", as: authcli_PQfinish.self)
    reset = try symbol("PQreset", as: authcli_PQreset.self)
    status = try symbol("PQstatus", as: authcli_PQstatus.self)
    errorMessage = try symbol("PQerrorMessage", as: authcli_PQerrorMessage.self)
    serverVersion = try symbol("PQserverVersion", as: authcli_PQserverVersion.self)
    db = try symbol("PQdb", as: authcli_PQdb.self)
    user = try symbol("PQuser", as: authcli_PQuser.self)
    host = try symbol("PQhost", as: authcli_PQhost.self)
    setNoticeProcessor = try symbol("PQsetNoticeProcessor", as: authcli_PQsetNoticeProcessor.self)
    exec = try symbol("PQexec", as: authcli_PQexec.self)
    execParams = try symbol("PQexecParams", as: authcli_PQexecParams.self)
    prepare = try symbol("PQprepare", as: authcli_PQprepare.self)
    execPrepared = try symbol("PQexecPrepared", as: authcli_PQexecPrepared.self)
    sendPrepare = try symbol("PQsendPrepare", as: authcli_PQsendPrepare.self)
    sendQueryPrepared = try symbol("PQsendQueryPrepared", as: authcli_PQsendQueryPrepared.self)
    // Pipeline mode came with libpq 14.
    sendQueryParams = try symbol("PQsendQueryParams", as: authcli_PQsendQueryParams.self)
    getResult = try symbol("PQgetResult", as: authcli_PQgetResult.self)
    enterPipelineMode = try symbol("PQenterPipelineMode", as: authcli_PQenterPipelineMode.self)
    exitPipelineMode = try symbol("PQexitPipelineMode", as: authcli_PQexitPipelineMode.self)
    pipelineSync = try symbol("PQpipelineSync", as: authcli_PQpipelineSync.self)
    transactionStatus = try symbol("PQtransactionStatus", as: authcli_PQtransactionStatus.self)
    resultStatus = try symbol("PQresultStatus", as: authcli_PQresultStatus.self)
    resultErrorField = try symbol("PQresultErrorField", as: authcli_PQresultErrorField.self)
    resultErrorMessage = try symbol("PQresultErrorMessage", as: authcli_PQresultErrorMessage.self)
    ntuples = try symbol("PQntuples", as: authcli_PQntuples.self)
    getvalue = try symbol("PQgetvalue", as: authcli_PQgetvalue.self)
    getlength = try symbol("PQgetlength", as: authcli_PQgetlength.self)
    getisnull = try symbol("PQgetisnull", as: authcli_PQgetisnull.self)
    fnumber = try symbol("PQfnumber", as: authcli_PQfnumber.self)
    cmdTuples = try symbol("PQcmdTuples", as: authcli_PQcmdTuples.self)
    clear = try symbol("PQclear", as: authcli_PQclear.self)
    libVersion = try symbol("PQlibVersion", as: authcli_PQlibVersion.self)
    port = try symbol("PQport", as: authcli_PQport.self)
    options = try symbol("PQoptions", as: authcli_PQoptions.self)
    conninfoParse = try symbol("PQconninfoParse", as: authcli_PQconninfoParse.self)
    conninfoFree = try symbol("PQconninfoFree", as: authcli_PQconninfoFree.self)
    freemem = try symbol("PQfreemem", as: authcli_PQfreemem.self)
  }
}
