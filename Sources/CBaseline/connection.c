#include "CBaseline.h"
#include "internal.h"

#include <stdlib.h>

cb_connection *cb_open(const char *path) {
  cb_connection *connection = calloc(1, sizeof *connection);
  if (connection == NULL) return NULL;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path, &connection->db, flags, NULL) != SQLITE_OK) {
    sqlite3_close(connection->db);
    free(connection);
    return NULL;
  }
  return connection;
}

int cb_exec(cb_connection *connection, const char *sql) {
  return sqlite3_exec(connection->db, sql, NULL, NULL, NULL);
}

const char *cb_errmsg(cb_connection *connection) { return sqlite3_errmsg(connection->db); }

int cb_copy_schema(cb_connection *connection, const char *template_path) {
  sqlite3 *source = NULL;
  int rc = sqlite3_open_v2(template_path, &source, SQLITE_OPEN_READONLY, NULL);
  sqlite3_stmt *schema = NULL;
  if (rc == SQLITE_OK) {
    // Tables first, so that indexes and triggers find them; internal objects are SQLite's own.
    rc = sqlite3_prepare_v2(source,
                            "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL "
                            "AND name NOT LIKE 'sqlite_%' "
                            "ORDER BY CASE type WHEN 'table' THEN 0 ELSE 1 END, rowid",
                            -1, &schema, NULL);
  }
  if (rc == SQLITE_OK) rc = sqlite3_exec(connection->db, "BEGIN", NULL, NULL, NULL);
  while (rc == SQLITE_OK) {
    int step = sqlite3_step(schema);
    if (step == SQLITE_DONE) break;
    if (step != SQLITE_ROW) {
      rc = step;
      break;
    }
    rc = sqlite3_exec(connection->db, (const char *)sqlite3_column_text(schema, 0), NULL, NULL,
                      NULL);
  }
  sqlite3_finalize(schema);
  if (rc == SQLITE_OK) {
    sqlite3_stmt *version = NULL;
    rc = sqlite3_prepare_v2(source, "PRAGMA user_version", -1, &version, NULL);
    if (rc == SQLITE_OK && sqlite3_step(version) == SQLITE_ROW) {
      char *pragma = sqlite3_mprintf("PRAGMA user_version = %d", sqlite3_column_int(version, 0));
      rc = sqlite3_exec(connection->db, pragma, NULL, NULL, NULL);
      sqlite3_free(pragma);
    }
    sqlite3_finalize(version);
  }
  sqlite3_exec(connection->db, rc == SQLITE_OK ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close(source);
  return rc;
}

int cb_copy_database(cb_connection *connection, const char *source_path) {
  sqlite3 *source = NULL;
  int rc = sqlite3_open_v2(source_path, &source, SQLITE_OPEN_READONLY, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_backup *backup = sqlite3_backup_init(connection->db, "main", source, "main");
    if (backup == NULL) {
      rc = sqlite3_errcode(connection->db);
    } else {
      sqlite3_backup_step(backup, -1);
      rc = sqlite3_backup_finish(backup);
    }
  }
  sqlite3_close(source);
  return rc;
}

void cb_close(cb_connection *connection) {
  if (connection == NULL) return;
  sqlite3_close_v2(connection->db);
  free(connection);
}
