-- The work every sign-in costs, when an operator or an import raised it above the default
-- so that hashes kept from another system, dearer than the default, can be answered in
-- the time of an unknown name. At most one row; no row is the default. work counts
-- Argon2id KiB of memory × passes, the unit the hashing cost rule counts in.
-- Once every kept hash above the default has been replaced at sign-in, the row goes.

CREATE TABLE sign_in_work (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  work       INTEGER NOT NULL CHECK (work > 0),
  updated_at INTEGER NOT NULL
) STRICT;
