#ifndef AUTHCLI_CSQLITE_SHIM_H
#define AUTHCLI_CSQLITE_SHIM_H
#include <sqlite3.h>

/* The types of the functions AuthStorage looks up with dlsym. */
typedef __typeof__(&sqlite3_libversion) authcli_sqlite3_libversion;
typedef __typeof__(&sqlite3_open_v2) authcli_sqlite3_open_v2;
typedef __typeof__(&sqlite3_close_v2) authcli_sqlite3_close_v2;
typedef __typeof__(&sqlite3_exec) authcli_sqlite3_exec;
typedef __typeof__(&sqlite3_free) authcli_sqlite3_free;
typedef __typeof__(&sqlite3_errstr) authcli_sqlite3_errstr;
typedef __typeof__(&sqlite3_errmsg) authcli_sqlite3_errmsg;
typedef __typeof__(&sqlite3_extended_errcode) authcli_sqlite3_extended_errcode;
typedef __typeof__(&sqlite3_changes64) authcli_sqlite3_changes64;
typedef __typeof__(&sqlite3_last_insert_rowid) authcli_sqlite3_last_insert_rowid;
typedef __typeof__(&sqlite3_prepare_v3) authcli_sqlite3_prepare_v3;
typedef __typeof__(&sqlite3_finalize) authcli_sqlite3_finalize;
typedef __typeof__(&sqlite3_column_count) authcli_sqlite3_column_count;
typedef __typeof__(&sqlite3_column_name) authcli_sqlite3_column_name;
typedef __typeof__(&sqlite3_bind_int64) authcli_sqlite3_bind_int64;
typedef __typeof__(&sqlite3_bind_null) authcli_sqlite3_bind_null;
typedef __typeof__(&sqlite3_bind_text) authcli_sqlite3_bind_text;
typedef __typeof__(&sqlite3_bind_text64) authcli_sqlite3_bind_text64;
typedef __typeof__(&sqlite3_bind_blob64) authcli_sqlite3_bind_blob64;
typedef __typeof__(&sqlite3_bind_zeroblob) authcli_sqlite3_bind_zeroblob;
typedef __typeof__(&sqlite3_step) authcli_sqlite3_step;
typedef __typeof__(&sqlite3_reset) authcli_sqlite3_reset;
typedef __typeof__(&sqlite3_clear_bindings) authcli_sqlite3_clear_bindings;
typedef __typeof__(&sqlite3_column_type) authcli_sqlite3_column_type;
typedef __typeof__(&sqlite3_column_int64) authcli_sqlite3_column_int64;
typedef __typeof__(&sqlite3_column_text) authcli_sqlite3_column_text;
typedef __typeof__(&sqlite3_column_blob) authcli_sqlite3_column_blob;
typedef __typeof__(&sqlite3_column_bytes) authcli_sqlite3_column_bytes;

#endif
