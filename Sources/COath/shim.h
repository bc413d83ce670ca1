#ifndef AUTHCLI_COATH_SHIM_H
#define AUTHCLI_COATH_SHIM_H
#include <liboath/oath.h>
#endif
