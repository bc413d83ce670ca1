#ifndef AUTHCLI_CBASELINE_INTERNAL_H
#define AUTHCLI_CBASELINE_INTERNAL_H

#include <sodium.h>
#include <sqlite3.h>

struct cb_connection {
  sqlite3 *db;
};

struct cb_lookup {
  sqlite3_stmt *statement;
};

#endif
