#ifndef AUTHCLI_CSODIUM_SHIM_H
#define AUTHCLI_CSODIUM_SHIM_H
#include <sodium.h>

/* The types of the functions SodiumLibrary looks up with dlsym, taken from the declarations
   above so that a mismatch is a compile error, not a crash. */
typedef __typeof__(&sodium_init) authcli_sodium_init;
typedef __typeof__(&sodium_version_string) authcli_sodium_version_string;
typedef __typeof__(&sodium_memzero) authcli_sodium_memzero;
typedef __typeof__(&sodium_memcmp) authcli_sodium_memcmp;
typedef __typeof__(&sodium_bin2hex) authcli_sodium_bin2hex;
typedef __typeof__(&sodium_bin2base64) authcli_sodium_bin2base64;
typedef __typeof__(&sodium_base642bin) authcli_sodium_base642bin;
typedef __typeof__(&sodium_base64_encoded_len) authcli_sodium_base64_encoded_len;
typedef __typeof__(&randombytes_buf) authcli_randombytes_buf;
typedef __typeof__(&crypto_generichash) authcli_crypto_generichash;
typedef __typeof__(&crypto_generichash_blake2b_salt_personal)
    authcli_crypto_generichash_blake2b_salt_personal;
typedef __typeof__(&crypto_auth_hmacsha256) authcli_crypto_auth_hmacsha256;
typedef __typeof__(&crypto_hash_sha256) authcli_crypto_hash_sha256;
typedef __typeof__(&crypto_kdf_derive_from_key) authcli_crypto_kdf_derive_from_key;
typedef __typeof__(&crypto_secretbox_easy) authcli_crypto_secretbox_easy;
typedef __typeof__(&crypto_secretbox_open_easy) authcli_crypto_secretbox_open_easy;
typedef __typeof__(&crypto_secretbox_keybytes) authcli_crypto_secretbox_keybytes;
typedef __typeof__(&crypto_secretbox_noncebytes) authcli_crypto_secretbox_noncebytes;
typedef __typeof__(&crypto_secretbox_macbytes) authcli_crypto_secretbox_macbytes;
typedef __typeof__(&crypto_pwhash_str) authcli_crypto_pwhash_str;
typedef __typeof__(&crypto_pwhash_str_verify) authcli_crypto_pwhash_str_verify;
typedef __typeof__(&crypto_pwhash_strbytes) authcli_crypto_pwhash_strbytes;
typedef __typeof__(&crypto_pwhash_opslimit_min) authcli_crypto_pwhash_opslimit_min;
typedef __typeof__(&crypto_pwhash_opslimit_max) authcli_crypto_pwhash_opslimit_max;
typedef __typeof__(&crypto_pwhash_memlimit_min) authcli_crypto_pwhash_memlimit_min;
typedef __typeof__(&crypto_pwhash_memlimit_max) authcli_crypto_pwhash_memlimit_max;
typedef __typeof__(&crypto_pwhash_argon2id_opslimit_min)
    authcli_crypto_pwhash_argon2id_opslimit_min;
typedef __typeof__(&crypto_pwhash_argon2id_opslimit_max)
    authcli_crypto_pwhash_argon2id_opslimit_max;
typedef __typeof__(&crypto_pwhash_argon2id_memlimit_min)
    authcli_crypto_pwhash_argon2id_memlimit_min;
typedef __typeof__(&crypto_pwhash_argon2id_memlimit_max)
    authcli_crypto_pwhash_argon2id_memlimit_max;
typedef __typeof__(&crypto_pwhash_scryptsalsa208sha256_ll)
    authcli_crypto_pwhash_scryptsalsa208sha256_ll;
typedef __typeof__(&crypto_pwhash_scryptsalsa208sha256_memlimit_max)
    authcli_crypto_pwhash_scryptsalsa208sha256_memlimit_max;

#endif
