/*
 * The baseline of script/latency for a sign-in: one process that does nothing but one
 * crypto_pwhash_str_verify. Usage: bare-verify HASH < password-line
 * Exit status 0 when the password matches, 1 when not, 2 on bad usage.
 */
#include <sodium.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2 || sodium_init() < 0) return 2;
  char password[1024];
  if (fgets(password, sizeof password, stdin) == NULL) return 2;
  size_t length = strcspn(password, "\n");
  int matches = crypto_pwhash_str_verify(argv[1], password, length) == 0;
  sodium_memzero(password, sizeof password);
  return matches ? 0 : 1;
}
