#include "CBaseline.h"
#include "internal.h"

#include <stdlib.h>

cb_lookup *cb_lookup_prepare(cb_connection *connection, const char *sql) {
  cb_lookup *lookup = calloc(1, sizeof *lookup);
  if (lookup == NULL) return NULL;
  if (sqlite3_prepare_v3(connection->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &lookup->statement,
                         NULL) != SQLITE_OK) {
    free(lookup);
    return NULL;
  }
  return lookup;
}

void cb_lookup_free(cb_lookup *lookup) {
  if (lookup == NULL) return;
  sqlite3_finalize(lookup->statement);
  free(lookup);
}

int64_t cb_lookup_by_hash(cb_lookup *lookup, const uint8_t *hash, size_t hash_length) {
  sqlite3_stmt *statement = lookup->statement;
  if (sqlite3_bind_blob(statement, 1, hash, (int)hash_length, SQLITE_STATIC) != SQLITE_OK) return -2;
  int64_t checksum = -1;
  int step = sqlite3_step(statement);
  if (step == SQLITE_ROW) {
    // Every column is read in the form a caller would keep it: integers as integers,
    // text as text (which makes SQLite hand out a UTF-8 pointer and its length).
    checksum = 0;
    int columns = sqlite3_column_count(statement);
    for (int column = 0; column < columns; column++) {
      switch (sqlite3_column_type(statement, column)) {
      case SQLITE_INTEGER:
        checksum += sqlite3_column_int64(statement, column);
        break;
      case SQLITE_FLOAT:
        checksum += (int64_t)sqlite3_column_double(statement, column);
        break;
      case SQLITE_TEXT: {
        const unsigned char *text = sqlite3_column_text(statement, column);
        int length = sqlite3_column_bytes(statement, column);
        checksum += length + (length > 0 ? text[0] : 0);
        break;
      }
      case SQLITE_BLOB: {
        const unsigned char *blob = sqlite3_column_blob(statement, column);
        int length = sqlite3_column_bytes(statement, column);
        checksum += length + (length > 0 ? blob[0] : 0);
        break;
      }
      default:
        break;
      }
    }
  } else if (step != SQLITE_DONE) {
    checksum = -2;
  }
  sqlite3_reset(statement);
  sqlite3_clear_bindings(statement);
  return checksum;
}

int64_t cb_lookup_by_token(cb_lookup *lookup, cb_token_hash_kind kind, const char *token,
                           size_t token_length, size_t expected_bytes) {
  uint8_t hash[32];
  if (cb_token_hash(kind, token, token_length, expected_bytes, hash) != 0) return -1;
  return cb_lookup_by_hash(lookup, hash, sizeof hash);
}
