/*
 * The baseline of script/latency for a whoami on PostgreSQL: one process that does nothing
 * but libpq's connect and the session lookup authcli runs (the same join, the token hash
 * bound in binary, the row read in binary), then prints the user name.
 * Usage: bare-pg-lookup URI HEX-TOKEN-HASH
 *        bare-pg-lookup --load-only   (ends at once: the cost of starting with libpq loaded)
 * Exit status 0 when the session is found, 1 when not, 2 on bad usage or a failure.
 */
#include <postgresql/libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *lookup =
    "SELECT s.id, s.created_at, s.last_used_at, s.expires_at, "
    "u.id, u.username, u.created_at, u.updated_at, s.token_hash "
    "FROM sessions AS s JOIN users AS u ON u.id = s.user_id WHERE s.token_hash = $1";

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--load-only") == 0) return 0;
  if (argc != 3 || strlen(argv[2]) != 64) return 2;
  unsigned char hash[32];
  for (int index = 0; index < 32; index++) {
    unsigned int byte;
    if (sscanf(argv[2] + 2 * index, "%2x", &byte) != 1) return 2;
    hash[index] = (unsigned char)byte;
  }
  PGconn *connection = PQconnectdb(argv[1]);
  if (PQstatus(connection) != CONNECTION_OK) {
    fprintf(stderr, "%s", PQerrorMessage(connection));
    PQfinish(connection);
    return 2;
  }
  const Oid types[1] = {17}; /* bytea */
  const char *values[1] = {(const char *)hash};
  const int lengths[1] = {32};
  const int formats[1] = {1};
  PGresult *result = PQexecParams(connection, lookup, 1, types, values, lengths, formats, 1);
  int status = 2;
  if (PQresultStatus(result) == PGRES_TUPLES_OK) {
    status = PQntuples(result) == 1 ? 0 : 1;
    if (status == 0) printf("%.*s\n", PQgetlength(result, 0, 5), PQgetvalue(result, 0, 5));
  } else {
    fprintf(stderr, "%s", PQerrorMessage(connection));
  }
  PQclear(result);
  PQfinish(connection);
  return status;
}
