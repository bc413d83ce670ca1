#ifndef AUTHCLI_CSODIUM_SHIM_H
#define AUTHCLI_CSODIUM_SHIM_H
#include <sodium.h>
#endif
