-- The work every sign-in costs, when raised above the default.
-- PostgreSQL's twin of Migrations/sqlite/0009_sign_in_work.sql.

CREATE TABLE sign_in_work (
  id         bigint PRIMARY KEY CHECK (id = 1),
  work       bigint NOT NULL CHECK (work > 0),
  updated_at bigint NOT NULL
);
