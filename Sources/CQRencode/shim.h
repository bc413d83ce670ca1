#ifndef AUTHCLI_CQRENCODE_SHIM_H
#define AUTHCLI_CQRENCODE_SHIM_H
#include <qrencode.h>

/* The types of the functions TerminalQR looks up with dlsym. */
typedef __typeof__(&QRcode_encodeString) authcli_QRcode_encodeString;
typedef __typeof__(&QRcode_free) authcli_QRcode_free;

#endif
