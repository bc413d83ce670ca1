#ifndef AUTHCLI_CBASELINE_H
#define AUTHCLI_CBASELINE_H

/*
 * The baseline that authbench compares authcli's layers with: the same work done
 * with the raw sqlite3 and libsodium C APIs, with nothing in between. The SQL text
 * is passed in by the caller, so the baseline runs exactly the statements of the
 * storage layer. Types of sqlite3 and libsodium stay out of this header, so that
 * Swift can import it next to the CSQLite and CSodium modules.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open sqlite3 connection of the baseline.
typedef struct cb_connection cb_connection;

/// One prepared lookup statement, reused for every call.
typedef struct cb_lookup cb_lookup;

/// Opens `path` (a file or ":memory:") read-write, creating it when missing.
/// Returns NULL on failure.
cb_connection *cb_open(const char *path);

/// Runs one or more SQL statements without results (pragmas, schema, BEGIN/COMMIT).
/// Returns the sqlite3 result code.
int cb_exec(cb_connection *connection, const char *sql);

/// The last error message of the connection (no bound values are ever in it).
const char *cb_errmsg(cb_connection *connection);

/// Copies the schema (tables, indexes, triggers, views) and user_version of the database
/// at `template_path` into `connection`, which must be empty. Returns the sqlite3 result code.
int cb_copy_schema(cb_connection *connection, const char *template_path);

/// Copies every page of the database at `source_path` into `connection` (sqlite3 backup API).
int cb_copy_database(cb_connection *connection, const char *source_path);

/// Closes the connection and frees it.
void cb_close(cb_connection *connection);

/// Prepares `sql` (one statement with one blob parameter: the token hash). NULL on failure.
cb_lookup *cb_lookup_prepare(cb_connection *connection, const char *sql);

/// Finalizes and frees a lookup.
void cb_lookup_free(cb_lookup *lookup);

/// Runs the lookup for one token hash and reads every column of the row, as a caller
/// building a value from it would. Returns a checksum of the row (so that the work
/// cannot be optimised away), or -1 when no row matched, or -2 on an error.
int64_t cb_lookup_by_hash(cb_lookup *lookup, const uint8_t *hash, size_t hash_length);

/// How a session token's text becomes the hash that storage keeps.
typedef enum cb_token_hash_kind {
  /// BLAKE2b-256 (crypto_generichash) of the base64url-decoded token bytes.
  CB_TOKEN_HASH_BLAKE2B_OF_BYTES = 0,
  /// SHA-256 (crypto_hash_sha256) of the base64url-decoded token bytes.
  CB_TOKEN_HASH_SHA256_OF_BYTES = 1,
  /// BLAKE2b-256 of the token text as given.
  CB_TOKEN_HASH_BLAKE2B_OF_TEXT = 2,
  /// SHA-256 of the token text as given.
  CB_TOKEN_HASH_SHA256_OF_TEXT = 3,
} cb_token_hash_kind;

/// Hashes a token's base64url text into `out` (32 bytes). Returns 0, or -1 when the
/// text does not decode to `expected_bytes` bytes (for the kinds that decode).
int cb_token_hash(cb_token_hash_kind kind, const char *token, size_t token_length,
                  size_t expected_bytes, uint8_t out[32]);

/// Hashes the token and runs the lookup with the hash: the baseline of a session check
/// that starts from the client's token. Same results as `cb_lookup_by_hash`.
int64_t cb_lookup_by_token(cb_lookup *lookup, cb_token_hash_kind kind, const char *token,
                           size_t token_length, size_t expected_bytes);

/// What one parameter of a bulk insert receives, one character per parameter.
///  'u': the generated username (`prefix` followed by the row number, zero-padded to 7)
///  'h': the fixed password hash text
///  't': the time in milliseconds (`time_ms`)
///  'n': NULL
///  '0': the integer 0
/// Returns 0 when `pattern` is usable.
int cb_validate_insert_pattern(const char *pattern);

/// Inserts `count` users numbered from `first` in one IMMEDIATE transaction, with one
/// prepared statement reused for every row. Returns the sqlite3 result code (SQLITE_OK).
int cb_bulk_insert_users(cb_connection *connection, const char *sql, const char *pattern,
                         const char *prefix, int64_t first, int64_t count,
                         const char *password_hash, int64_t time_ms);

/// Inserts `count` sessions in one transaction: session i belongs to user id
/// `first_user_id + i % user_count`, its token is `cb_bench_token(seed, first + i)`, hashed
/// with `kind`. Parameters follow `pattern`: 'i' the user id, 'k' the token hash blob,
/// 't' created/last-used time (`time_ms`), 'e' expiry (`expires_ms`).
int cb_bulk_insert_sessions(cb_connection *connection, const char *sql, const char *pattern,
                            int64_t first, int64_t count, int64_t first_user_id,
                            int64_t user_count, uint64_t seed, cb_token_hash_kind kind,
                            int64_t time_ms, int64_t expires_ms);

/// The deterministic 32-byte token number `index` of a benchmark database, as unpadded
/// base64url text into `out` (at least 44 bytes). Returns the text length.
size_t cb_bench_token(uint64_t seed, int64_t index, char out[44]);

/// Initialises libsodium. Returns 0 on success.
int cb_sodium_init(void);

/// crypto_pwhash_str_verify: 1 when the password matches, 0 otherwise.
int cb_password_verify(const char *password_hash, const char *password, size_t password_length);

/// crypto_pwhash_str with the given cost into `out` (at least 128 bytes). Returns 0 on success.
int cb_password_hash(char out[128], const char *password, size_t password_length,
                     uint64_t operations, size_t memory_bytes);

#ifdef __cplusplus
}
#endif

#endif
