import AuthStorage

/// The statements and connection settings of the storage layer, as the C baseline runs them.
///
/// The text is that of `SQLiteStoreContext` and `SQLiteDatabase.open` in AuthStorage, so that
/// baseline and subject ask SQLite exactly the same questions on identically configured
/// connections. If those change, these must change with them.
enum StorageSQL {
  /// The session check: the session by token hash, joined with its user, with the stored
  /// hash for the use case's constant-time check.
  static let sessionLookup = """
    SELECT users.id, users.username, users.created_at, users.updated_at, \
    sessions.id AS session_id, sessions.user_id, sessions.created_at AS session_created_at,
    sessions.last_used_at, sessions.expires_at, sessions.token_hash
    FROM sessions JOIN users ON users.id = sessions.user_id
    WHERE sessions.token_hash = ?1
    """

  /// A new user (the sign-up storage path).
  static let insertUser = """
    INSERT INTO users (username, password_hash, created_at, updated_at)
    VALUES (?, ?, ?, ?)
    """
  /// How the C baseline binds `insertUser`: username, hash, time, time.
  static let insertUserPattern = "uhtt"

  /// A new session.
  static let insertSession = """
    INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
    VALUES (?, ?, ?, ?,
      ?)
    """
  /// How the C baseline binds `insertSession`: token hash, user id, time, time, expiry.
  static let insertSessionPattern = "kitte"

  /// Set on every connection.
  static let connectionPragmas = """
    PRAGMA foreign_keys = ON;
    PRAGMA trusted_schema = OFF;
    PRAGMA secure_delete = ON;
    PRAGMA busy_timeout = 5000;
    """

  /// Set on connections to files: the storage layer's own text.
  static let filePragmas = SQLiteDatabase.filePragmas
}
