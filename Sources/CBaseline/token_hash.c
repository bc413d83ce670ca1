#include "CBaseline.h"
#include "internal.h"

#include <string.h>

int cb_token_hash(cb_token_hash_kind kind, const char *token, size_t token_length,
                  size_t expected_bytes, uint8_t out[32]) {
  const unsigned char *input = (const unsigned char *)token;
  size_t input_length = token_length;
  unsigned char decoded[64];
  if (kind == CB_TOKEN_HASH_BLAKE2B_OF_BYTES || kind == CB_TOKEN_HASH_SHA256_OF_BYTES) {
    size_t decoded_length = 0;
    if (expected_bytes > sizeof decoded ||
        sodium_base642bin(decoded, sizeof decoded, token, token_length, NULL, &decoded_length,
                          NULL, sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
        decoded_length != expected_bytes) {
      return -1;
    }
    input = decoded;
    input_length = decoded_length;
  }
  switch (kind) {
  case CB_TOKEN_HASH_BLAKE2B_OF_BYTES:
  case CB_TOKEN_HASH_BLAKE2B_OF_TEXT:
    crypto_generichash(out, 32, input, input_length, NULL, 0);
    return 0;
  case CB_TOKEN_HASH_SHA256_OF_BYTES:
  case CB_TOKEN_HASH_SHA256_OF_TEXT:
    crypto_hash_sha256(out, input, input_length);
    return 0;
  }
  return -1;
}

size_t cb_bench_token(uint64_t seed, int64_t index, char out[44]) {
  // Tokens of benchmark databases are derived, not random, so that the Swift side and the
  // C side can both name a session by its number without passing millions of strings.
  unsigned char message[16];
  memcpy(message, &seed, 8);
  memcpy(message + 8, &index, 8);
  unsigned char bytes[32];
  crypto_generichash(bytes, sizeof bytes, message, sizeof message, NULL, 0);
  sodium_bin2base64(out, 44, bytes, sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return strlen(out);
}
