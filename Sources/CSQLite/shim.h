#ifndef AUTHCLI_CSQLITE_SHIM_H
#define AUTHCLI_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
