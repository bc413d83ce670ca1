#include "CPostgresBaseline.h"

#include <postgresql/libpq-fe.h>
#include <stdlib.h>
#include <string.h>

struct cpb_lookup {
  PGconn *connection;
};

static int64_t read_int8(const char *bytes) {
  uint64_t value = 0;
  for (int index = 0; index < 8; index++) value = (value << 8) | (uint8_t)bytes[index];
  return (int64_t)value;
}

cpb_lookup *cpb_lookup_open(const char *conninfo, const char *sql, char *error, size_t error_size) {
  PGconn *connection = PQconnectdb(conninfo);
  if (connection == NULL || PQstatus(connection) != CONNECTION_OK) {
    if (error_size > 0) {
      strncpy(error, connection ? PQerrorMessage(connection) : "out of memory", error_size - 1);
      error[error_size - 1] = 0;
    }
    PQfinish(connection);
    return NULL;
  }
  const Oid types[1] = {17};  // bytea
  PGresult *prepared = PQprepare(connection, "lookup", sql, 1, types);
  int ok = PQresultStatus(prepared) == PGRES_COMMAND_OK;
  if (!ok && error_size > 0) {
    strncpy(error, PQerrorMessage(connection), error_size - 1);
    error[error_size - 1] = 0;
  }
  PQclear(prepared);
  if (!ok) {
    PQfinish(connection);
    return NULL;
  }
  cpb_lookup *lookup = calloc(1, sizeof *lookup);
  if (lookup == NULL) {
    PQfinish(connection);
    return NULL;
  }
  lookup->connection = connection;
  return lookup;
}

int64_t cpb_lookup_many(cpb_lookup *lookup, const uint8_t *hashes, size_t count) {
  // Unsigned, so that summing large times wraps instead of overflowing.
  uint64_t checksum = 0;
  const int lengths[1] = {32};
  const int formats[1] = {1};
  for (size_t index = 0; index < count; index++) {
    const char *values[1] = {(const char *)(hashes + index * 32)};
    PGresult *result =
        PQexecPrepared(lookup->connection, "lookup", 1, values, lengths, formats, 1);
    if (PQresultStatus(result) != PGRES_TUPLES_OK || PQntuples(result) != 1) {
      PQclear(result);
      return -1;
    }
    // The columns a caller keeps, read as the adapter reads them: integers, the name's text.
    checksum += (uint64_t)read_int8(PQgetvalue(result, 0, 0)) +
                (uint64_t)read_int8(PQgetvalue(result, 0, 4)) +
                (uint64_t)PQgetlength(result, 0, 5);
    for (int column = 1; column < 4; column++) {
      checksum += (uint64_t)read_int8(PQgetvalue(result, 0, column));
    }
    PQclear(result);
  }
  return (int64_t)(checksum & INT64_MAX);
}

void cpb_lookup_close(cpb_lookup *lookup) {
  if (lookup == NULL) return;
  PQfinish(lookup->connection);
  free(lookup);
}
