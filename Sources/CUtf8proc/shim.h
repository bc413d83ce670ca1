#ifndef AUTHCLI_CUTF8PROC_SHIM_H
#define AUTHCLI_CUTF8PROC_SHIM_H
#include <utf8proc.h>

/* The types of the functions AuthCore looks up with dlsym. */
typedef __typeof__(&utf8proc_map) authcli_utf8proc_map;
typedef __typeof__(&utf8proc_errmsg) authcli_utf8proc_errmsg;
typedef __typeof__(&utf8proc_unicode_version) authcli_utf8proc_unicode_version;

#endif
