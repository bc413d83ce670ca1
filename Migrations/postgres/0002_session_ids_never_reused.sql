-- PostgreSQL's twin of Migrations/sqlite/0002_session_ids_never_reused.sql, which rebuilt
-- SQLite's sessions table with AUTOINCREMENT so that an id is never handed out again.
-- Here 0001 already made sessions.id an identity column, whose sequence never goes back,
-- so there is nothing to change; the file keeps both engines' numbers and names the same.
SELECT 1;
