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
    SELECT s.id, s.created_at, s.last_used_at, s.expires_at,
           u.id, u.username, u.created_at, u.updated_at, s.token_hash
    FROM sessions AS s JOIN users AS u ON u.id = s.user_id
    WHERE s.token_hash = ?1
    """

  /// A new user (the sign-up storage path).
  static let insertUser = """
    INSERT INTO users (username, password_hash, created_at, updated_at)
    VALUES (?1, ?2, ?3, ?3)
    """
  /// How the C baseline binds `insertUser`: username, hash, time.
  static let insertUserPattern = "uht"

  /// A new session.
  static let insertSession = """
    INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
    VALUES (?1, ?2, ?3, ?3, ?4)
    """
  /// How the C baseline binds `insertSession`: token hash, user id, time, expiry.
  static let insertSessionPattern = "kite"

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
