#include "CBaseline.h"
#include "internal.h"

int cb_sodium_init(void) { return sodium_init() < 0 ? -1 : 0; }

int cb_password_verify(const char *password_hash, const char *password, size_t password_length) {
  return crypto_pwhash_str_verify(password_hash, password, password_length) == 0;
}

int cb_password_hash(char out[128], const char *password, size_t password_length,
                     uint64_t operations, size_t memory_bytes) {
  return crypto_pwhash_str_alg(out, password, password_length, operations, memory_bytes,
                               crypto_pwhash_ALG_ARGON2ID13);
}
