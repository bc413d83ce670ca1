#ifndef AUTHCLI_CLIBPQ_SHIM_H
#define AUTHCLI_CLIBPQ_SHIM_H

// Debian puts libpq's header in /usr/include/postgresql; Homebrew's libpq under its prefix.
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif

// The types of the libpq functions AuthPostgres looks up with dlsym, taken from the
// declarations above so that a mismatch is a compile error, not a crash.
typedef __typeof__(&PQconnectdb) authcli_PQconnectdb;
typedef __typeof__(&PQconnectdbParams) authcli_PQconnectdbParams;
typedef __typeof__(&PQfinish) authcli_PQfinish;
typedef __typeof__(&PQreset) authcli_PQreset;
typedef __typeof__(&PQstatus) authcli_PQstatus;
typedef __typeof__(&PQerrorMessage) authcli_PQerrorMessage;
typedef __typeof__(&PQserverVersion) authcli_PQserverVersion;
typedef __typeof__(&PQdb) authcli_PQdb;
typedef __typeof__(&PQuser) authcli_PQuser;
typedef __typeof__(&PQhost) authcli_PQhost;
typedef __typeof__(&PQsetNoticeProcessor) authcli_PQsetNoticeProcessor;
typedef __typeof__(&PQexec) authcli_PQexec;
typedef __typeof__(&PQresultStatus) authcli_PQresultStatus;
typedef __typeof__(&PQresultErrorField) authcli_PQresultErrorField;
typedef __typeof__(&PQresultErrorMessage) authcli_PQresultErrorMessage;
typedef __typeof__(&PQntuples) authcli_PQntuples;
typedef __typeof__(&PQgetvalue) authcli_PQgetvalue;
typedef __typeof__(&PQgetlength) authcli_PQgetlength;
typedef __typeof__(&PQgetisnull) authcli_PQgetisnull;
typedef __typeof__(&PQfnumber) authcli_PQfnumber;
typedef __typeof__(&PQcmdTuples) authcli_PQcmdTuples;
typedef __typeof__(&PQclear) authcli_PQclear;
typedef __typeof__(&PQlibVersion) authcli_PQlibVersion;
typedef __typeof__(&PQport) authcli_PQport;
typedef __typeof__(&PQoptions) authcli_PQoptions;
typedef __typeof__(&PQconninfoParse) authcli_PQconninfoParse;
typedef __typeof__(&PQconninfoFree) authcli_PQconninfoFree;
typedef __typeof__(&PQfreemem) authcli_PQfreemem;
typedef __typeof__(&PQexecParams) authcli_PQexecParams;
typedef __typeof__(&PQprepare) authcli_PQprepare;
typedef __typeof__(&PQexecPrepared) authcli_PQexecPrepared;
typedef __typeof__(&PQsendPrepare) authcli_PQsendPrepare;
typedef __typeof__(&PQsendQueryPrepared) authcli_PQsendQueryPrepared;
typedef __typeof__(&PQsendQueryParams) authcli_PQsendQueryParams;
typedef __typeof__(&PQgetResult) authcli_PQgetResult;
typedef __typeof__(&PQenterPipelineMode) authcli_PQenterPipelineMode;
typedef __typeof__(&PQexitPipelineMode) authcli_PQexitPipelineMode;
typedef __typeof__(&PQpipelineSync) authcli_PQpipelineSync;
typedef __typeof__(&PQtransactionStatus) authcli_PQtransactionStatus;

#endif
