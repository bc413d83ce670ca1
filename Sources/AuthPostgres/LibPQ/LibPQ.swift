import CLibPQ
import SharedLibraries

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

  /// The library, opened once per process on first use; the failure is kept too, so
  /// every caller gets the same answer.
  static let shared = SharedLibrary.open(
    linux: "libpq.so.5", macOS: "libpq.5.dylib", reading: LibPQ.init
  ).mapError { PostgresError.libraryMissing(reason: $0.reason) }

  /// The loaded library, or `PostgresError.libraryMissing`.
  static func loaded() throws(PostgresError) -> LibPQ {
    try shared.get()
  }

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    connectdb = try library.function("PQconnectdb", as: authcli_PQconnectdb.self)
    connectdbParams = try library.function("PQconnectdbParams", as: authcli_PQconnectdbParams.self)
    finish = try library.function("PQfinish", as: authcli_PQfinish.self)
    reset = try library.function("PQreset", as: authcli_PQreset.self)
    status = try library.function("PQstatus", as: authcli_PQstatus.self)
    errorMessage = try library.function("PQerrorMessage", as: authcli_PQerrorMessage.self)
    serverVersion = try library.function("PQserverVersion", as: authcli_PQserverVersion.self)
    db = try library.function("PQdb", as: authcli_PQdb.self)
    user = try library.function("PQuser", as: authcli_PQuser.self)
    host = try library.function("PQhost", as: authcli_PQhost.self)
    setNoticeProcessor = try library.function(
      "PQsetNoticeProcessor", as: authcli_PQsetNoticeProcessor.self)
    exec = try library.function("PQexec", as: authcli_PQexec.self)
    execParams = try library.function("PQexecParams", as: authcli_PQexecParams.self)
    prepare = try library.function("PQprepare", as: authcli_PQprepare.self)
    execPrepared = try library.function("PQexecPrepared", as: authcli_PQexecPrepared.self)
    sendPrepare = try library.function("PQsendPrepare", as: authcli_PQsendPrepare.self)
    sendQueryPrepared = try library.function(
      "PQsendQueryPrepared", as: authcli_PQsendQueryPrepared.self)
    // Pipeline mode came with libpq 14.
    sendQueryParams = try library.function("PQsendQueryParams", as: authcli_PQsendQueryParams.self)
    getResult = try library.function("PQgetResult", as: authcli_PQgetResult.self)
    enterPipelineMode = try library.function(
      "PQenterPipelineMode", as: authcli_PQenterPipelineMode.self)
    exitPipelineMode = try library.function(
      "PQexitPipelineMode", as: authcli_PQexitPipelineMode.self)
    pipelineSync = try library.function("PQpipelineSync", as: authcli_PQpipelineSync.self)
    transactionStatus = try library.function(
      "PQtransactionStatus", as: authcli_PQtransactionStatus.self)
    resultStatus = try library.function("PQresultStatus", as: authcli_PQresultStatus.self)
    resultErrorField = try library.function(
      "PQresultErrorField", as: authcli_PQresultErrorField.self)
    resultErrorMessage = try library.function(
      "PQresultErrorMessage", as: authcli_PQresultErrorMessage.self)
    ntuples = try library.function("PQntuples", as: authcli_PQntuples.self)
    getvalue = try library.function("PQgetvalue", as: authcli_PQgetvalue.self)
    getlength = try library.function("PQgetlength", as: authcli_PQgetlength.self)
    getisnull = try library.function("PQgetisnull", as: authcli_PQgetisnull.self)
    fnumber = try library.function("PQfnumber", as: authcli_PQfnumber.self)
    cmdTuples = try library.function("PQcmdTuples", as: authcli_PQcmdTuples.self)
    clear = try library.function("PQclear", as: authcli_PQclear.self)
    libVersion = try library.function("PQlibVersion", as: authcli_PQlibVersion.self)
    port = try library.function("PQport", as: authcli_PQport.self)
    options = try library.function("PQoptions", as: authcli_PQoptions.self)
    conninfoParse = try library.function("PQconninfoParse", as: authcli_PQconninfoParse.self)
    conninfoFree = try library.function("PQconninfoFree", as: authcli_PQconninfoFree.self)
    freemem = try library.function("PQfreemem", as: authcli_PQfreemem.self)
  }
}
