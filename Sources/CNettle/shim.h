#ifndef AUTHCLI_CNETTLE_SHIM_H
#define AUTHCLI_CNETTLE_SHIM_H
#include <nettle/pbkdf2.h>
#endif
