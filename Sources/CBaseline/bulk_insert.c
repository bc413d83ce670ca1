#include "CBaseline.h"
#include "internal.h"

#include <stdio.h>
#include <string.h>

int cb_validate_insert_pattern(const char *pattern) {
  for (const char *kind = pattern; *kind != '\0'; kind++) {
    if (strchr("uhtn0ike", *kind) == NULL) return -1;
  }
  return 0;
}

static int finish(sqlite3 *db, sqlite3_stmt *statement, int rc) {
  sqlite3_finalize(statement);
  if (rc == SQLITE_OK) {
    rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
  }
  if (rc != SQLITE_OK) sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}

/* Opens the batch's transaction and prepares its one statement for every row; a failed
   prepare leaves no transaction behind. */
static int begin(sqlite3 *db, const char *sql, sqlite3_stmt **statement) {
  int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK) return rc;
  rc = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, statement, NULL);
  if (rc != SQLITE_OK) sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}

/* Binds the kinds every table's pattern may hold: the time, NULL and zero. */
static int bind_common(sqlite3_stmt *statement, int parameter, char kind, int64_t time_ms) {
  switch (kind) {
  case 't':
    return sqlite3_bind_int64(statement, parameter, time_ms);
  case 'n':
    return sqlite3_bind_null(statement, parameter);
  case '0':
    return sqlite3_bind_int64(statement, parameter, 0);
  default:
    return SQLITE_MISUSE;
  }
}

/* Inserts the bound row unless binding failed, and readies the statement for the next. */
static int insert_row(sqlite3_stmt *statement, int rc) {
  if (rc == SQLITE_OK) {
    int step = sqlite3_step(statement);
    rc = (step == SQLITE_DONE || step == SQLITE_ROW) ? SQLITE_OK : step;
  }
  sqlite3_reset(statement);
  return rc;
}

int cb_bulk_insert_users(cb_connection *connection, const char *sql, const char *pattern,
                         const char *prefix, int64_t first, int64_t count,
                         const char *password_hash, int64_t time_ms) {
  sqlite3 *db = connection->db;
  sqlite3_stmt *statement = NULL;
  int rc = begin(db, sql, &statement);
  if (rc != SQLITE_OK) return rc;
  char username[64];
  for (int64_t row = first; rc == SQLITE_OK && row < first + count; row++) {
    int length = snprintf(username, sizeof username, "%s%07lld", prefix, (long long)row);
    for (int index = 0; rc == SQLITE_OK && pattern[index] != '\0'; index++) {
      int parameter = index + 1;
      switch (pattern[index]) {
      case 'u':
        rc = sqlite3_bind_text(statement, parameter, username, length, SQLITE_STATIC);
        break;
      case 'h':
        rc = sqlite3_bind_text(statement, parameter, password_hash, -1, SQLITE_STATIC);
        break;
      default:
        rc = bind_common(statement, parameter, pattern[index], time_ms);
      }
    }
    rc = insert_row(statement, rc);
  }
  return finish(db, statement, rc);
}

int cb_bulk_insert_sessions(cb_connection *connection, const char *sql, const char *pattern,
                            int64_t first, int64_t count, int64_t first_user_id,
                            int64_t user_count, uint64_t seed, cb_token_hash_kind kind,
                            int64_t time_ms, int64_t expires_ms) {
  sqlite3 *db = connection->db;
  if (user_count <= 0) return SQLITE_MISUSE;
  sqlite3_stmt *statement = NULL;
  int rc = begin(db, sql, &statement);
  if (rc != SQLITE_OK) return rc;
  char token[44];
  uint8_t hash[32];
  for (int64_t row = first; rc == SQLITE_OK && row < first + count; row++) {
    size_t token_length = cb_bench_token(seed, row, token);
    if (cb_token_hash(kind, token, token_length, 32, hash) != 0) rc = SQLITE_MISUSE;
    int64_t user_id = first_user_id + row % user_count;
    for (int index = 0; rc == SQLITE_OK && pattern[index] != '\0'; index++) {
      int parameter = index + 1;
      switch (pattern[index]) {
      case 'i':
        rc = sqlite3_bind_int64(statement, parameter, user_id);
        break;
      case 'k':
        rc = sqlite3_bind_blob(statement, parameter, hash, sizeof hash, SQLITE_STATIC);
        break;
      case 'e':
        rc = sqlite3_bind_int64(statement, parameter, expires_ms);
        break;
      default:
        rc = bind_common(statement, parameter, pattern[index], time_ms);
      }
    }
    rc = insert_row(statement, rc);
  }
  return finish(db, statement, rc);
}
