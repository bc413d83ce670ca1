#ifndef AUTHCLI_CUTF8PROC_SHIM_H
#define AUTHCLI_CUTF8PROC_SHIM_H
#include <utf8proc.h>
#endif
