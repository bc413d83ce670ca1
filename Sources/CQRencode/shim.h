#ifndef AUTHCLI_CQRENCODE_SHIM_H
#define AUTHCLI_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
