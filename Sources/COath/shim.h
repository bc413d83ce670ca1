#ifndef AUTHCLI_COATH_SHIM_H
#define AUTHCLI_COATH_SHIM_H
#include <liboath/oath.h>

/* The types of the functions AuthCrypto looks up with dlsym. */
typedef __typeof__(&oath_init) authcli_oath_init;
typedef __typeof__(&oath_strerror) authcli_oath_strerror;
typedef __typeof__(&oath_base32_encode) authcli_oath_base32_encode;
typedef __typeof__(&oath_base32_decode) authcli_oath_base32_decode;
typedef __typeof__(&oath_totp_generate2) authcli_oath_totp_generate2;

#endif
