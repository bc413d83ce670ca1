#ifndef AUTHCLI_CXCRYPT_SHIM_H
#define AUTHCLI_CXCRYPT_SHIM_H
#include <crypt.h>

/* The size of crypt_rn's work area (struct crypt_data, about 32 KiB), so that Swift can
   allocate one without importing the struct, whose arrays of thousands of chars it would
   see as tuples of as many elements. */
static inline int authcli_crypt_data_size(void) { return (int)sizeof(struct crypt_data); }

/* The types of the functions AuthCrypto looks up with dlsym, taken from the declarations
   above so that a mismatch is a compile error, not a crash. */
typedef __typeof__(&crypt_rn) authcli_crypt_rn;
typedef __typeof__(&crypt_checksalt) authcli_crypt_checksalt;

#endif
