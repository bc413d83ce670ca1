#ifndef AUTHCLI_CNETTLE_SHIM_H
#define AUTHCLI_CNETTLE_SHIM_H
#include <nettle/pbkdf2.h>

/* The types of the functions AuthCrypto looks up with dlsym (by their exported names: the
   header's pbkdf2_hmac_… are macros for nettle_pbkdf2_hmac_…). */
typedef __typeof__(&nettle_pbkdf2_hmac_sha256) authcli_nettle_pbkdf2_hmac_sha256;
typedef __typeof__(&nettle_pbkdf2_hmac_sha1) authcli_nettle_pbkdf2_hmac_sha1;

#endif
