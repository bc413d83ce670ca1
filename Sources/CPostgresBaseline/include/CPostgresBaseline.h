#ifndef CPOSTGRESBASELINE_H
#define CPOSTGRESBASELINE_H

#include <stddef.h>
#include <stdint.h>

/// The baseline of authbench's PostgreSQL figure: the session lookup the adapter runs, as
/// one statement prepared once and executed through bare libpq, binary in and out.
typedef struct cpb_lookup cpb_lookup;

/// Connects with a libpq URI and prepares `sql` (one bytea parameter); NULL on failure,
/// with libpq's message copied into `error` (at most `error_size` bytes).
cpb_lookup *cpb_lookup_open(const char *conninfo, const char *sql, char *error, size_t error_size);

/// Looks up `count` hashes of 32 bytes each, one execution per hash; returns a checksum of
/// what was read (ids and the username's length), or -1 when a lookup fails or finds nothing.
int64_t cpb_lookup_many(cpb_lookup *lookup, const uint8_t *hashes, size_t count);

/// Closes the connection.
void cpb_lookup_close(cpb_lookup *lookup);

#endif
