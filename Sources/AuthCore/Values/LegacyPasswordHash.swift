/// A password hash made by another system (an htpasswd file, `/etc/shadow`, Django) or by
/// authcli itself, kept as it was stored so that nobody's password changes on the way in.
///
/// Made only by `init(parsing:)`, which reads the format's prefix and its `$`-separated
/// fields (scheme, cost, salt and checksum lengths and alphabets) and never the hash
/// itself: whether a password matches is the `LegacyPasswordVerifier`'s work, and whether
/// its library accepts the setting is that verifier's `check(_:)`.
///
/// `description` names the scheme only: the stored text is not a password, but it is what
/// an offline guesser starts from, so it stays out of messages and logs.
public struct LegacyPasswordHash: Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The schemes read; each is verified through a maintained library.
  public enum Scheme: String, CaseIterable, Hashable, Sendable {
    /// bcrypt as crypt writes it (`$2b$`, `$2y$` from htpasswd, `$2a$`).
    case bcrypt
    /// SHA-512-crypt (`$6$`), the shadow default before yescrypt.
    case sha512Crypt = "sha512-crypt"
    /// SHA-256-crypt (`$5$`).
    case sha256Crypt = "sha256-crypt"
    /// yescrypt (`$y$`), the shadow default of current distributions.
    case yescrypt
    /// Django's `pbkdf2_sha256$iterations$salt$base64`.
    case djangoPBKDF2SHA256 = "django-pbkdf2-sha256"
    /// Django's `bcrypt_sha256$` + bcrypt over the hex SHA-256 of the password.
    case djangoBcryptSHA256 = "django-bcrypt-sha256"
    /// Django's `argon2$` + an Argon2id PHC string.
    case djangoArgon2id = "django-argon2id"
    /// Django's `scrypt$N$salt$r$p$base64` (64 bytes of scrypt's output).
    case djangoScrypt = "django-scrypt"
    /// Django's `pbkdf2_sha1$iterations$salt$base64` (20 bytes of PBKDF2-HMAC-SHA1).
    case djangoPBKDF2SHA1 = "django-pbkdf2-sha1"
    /// authcli's own format, an Argon2id PHC string (`$argon2id$v=19$…`): current, not legacy.
    case argon2id

    /// Whether this is the format authcli writes, which needs no upgrade after a sign-in.
    public var isCurrent: Bool { self == .argon2id }

    /// The stored prefixes that name each scheme, as `init(parsing:)` reads them; what a
    /// report counts accounts by without reading every hash (`inspect`). A stored string
    /// with none of them is one no password matches (`users show` calls it unreadable).
    public static let storedPrefixes: [(prefix: String, scheme: Scheme)] = [
      ("$argon2id$", .argon2id), ("$2a$", .bcrypt), ("$2b$", .bcrypt), ("$2y$", .bcrypt),
      ("$6$", .sha512Crypt), ("$5$", .sha256Crypt), ("$y$", .yescrypt),
      ("pbkdf2_sha256$", .djangoPBKDF2SHA256), ("bcrypt_sha256$", .djangoBcryptSHA256),
      ("argon2$argon2id$", .djangoArgon2id), ("scrypt$", .djangoScrypt),
      ("pbkdf2_sha1$", .djangoPBKDF2SHA1),
    ]
  }

  /// The scheme the prefix names.
  public let scheme: Scheme
  /// The work a verification costs, read from the fields.
  public let cost: LegacyHashCost
  /// The stored text, unchanged.
  public let text: String

  /// The scheme's name, never the hash.
  public var description: String { "LegacyPasswordHash(\(scheme.rawValue))" }
  /// The scheme's name, never the hash.
  public var debugDescription: String { description }
  /// The scheme and cost, so that `dump(_:)` and `Mirror` show no hash text either.
  public var customMirror: Mirror {
    Mirror(self, children: ["scheme": scheme, "cost": cost, "text": "redacted"])
  }

  /// Reads `text` (one stored field, nothing around it), or says why it is refused.
  public init(parsing text: String) throws(LegacyPasswordHashError) {
    let parsed = try LegacyHashParser.parse(text)
    self.init(scheme: parsed.scheme, cost: parsed.cost, text: text)
  }

  /// A hash already parsed.
  init(scheme: Scheme, cost: LegacyHashCost, text: String) {
    self.scheme = scheme
    self.cost = cost
    self.text = text
  }
}

/// The work one verification of a hash costs, as its fields state it: what a timing
/// equaliser needs to pad a cheaper verification up to the current Argon2id cost.
public enum LegacyHashCost: Hashable, Sendable {
  /// bcrypt: 2^`logRounds` rounds of the Blowfish key schedule (4–31).
  case bcrypt(logRounds: Int)
  /// SHA-crypt: `rounds` rounds of SHA-512 or SHA-256 (5000 when the hash names none).
  case shaCrypt(rounds: Int)
  /// yescrypt: N = 2^`log2N` blocks of 128 × r (`blockSize`) bytes, `time` (t, 0 unless
  /// stated) and `lanes` (p, 1 unless stated), decoded from its whole parameters field.
  case yescrypt(log2N: Int, blockSize: Int, time: Int, lanes: Int)
  /// PBKDF2-HMAC-SHA256, or -SHA1 for Django's `pbkdf2_sha1`: `iterations` HMAC iterations.
  case pbkdf2(iterations: Int)
  /// scrypt: N = 2^`log2N` blocks of 128 × r (`blockSize`) bytes, over `lanes` (p) lanes.
  case scrypt(log2N: Int, blockSize: Int, lanes: Int)
  /// Argon2id: memory, passes and lanes as the PHC string states them.
  case argon2(memoryKiB: Int, passes: Int, lanes: Int)
}

/// Why a stored string is not taken as a password hash.
public enum LegacyPasswordHashError: Error, Hashable, Sendable {
  /// The field is empty: the old system let this account in with no password at all.
  case empty
  /// A locked or password-less shadow entry (`!…`, `*`, `!!`). `retainedHash` is the
  /// hash behind a `!` lock when it is one that would be accepted, for an import that keeps
  /// locked accounts as locked.
  case locked(retainedHash: LegacyPasswordHash?)
  /// A scheme too weak to keep: accepting it would keep a hash that is cheap to crack.
  case weak(WeakPasswordScheme)
  /// A scheme recognised but not imported.
  case unsupported(UnsupportedPasswordScheme)
  /// The prefix names `scheme`, but a field is not what that scheme writes; `detail` says
  /// which.
  case malformed(LegacyPasswordHash.Scheme, detail: String)
  /// No scheme known here starts this way.
  case unknown

  /// Why, in a sentence fragment fit for a report line (no hash text in it).
  public var reason: String {
    switch self {
    case .empty: "empty hash (the account had no password)"
    case .locked(let retained):
      retained == nil
        ? "locked account with no usable hash"
        : "locked account (\(retained?.scheme.rawValue ?? ""))"
    case .weak(let scheme): "weak scheme: \(scheme.name)"
    case .unsupported(let scheme): "unsupported scheme: \(scheme.name)"
    case .malformed(let scheme, let detail): "malformed \(scheme.rawValue) hash: \(detail)"
    case .unknown: "unknown hash format"
    }
  }
}

/// Schemes refused because a stolen hash of theirs is cheap to crack.
public enum WeakPasswordScheme: String, CaseIterable, Hashable, Sendable {
  /// htpasswd's `$apr1$` (1000 rounds of MD5).
  case apacheMD5 = "apr1"
  /// `$1$` MD5-crypt.
  case md5Crypt = "md5-crypt"
  /// htpasswd's `{SHA}`: one unsalted SHA-1.
  case sha1 = "sha1"
  /// `{SSHA}`: one salted SHA-1.
  case saltedSHA1 = "ssha"
  /// Traditional DES crypt: 13 characters, 8 password bytes at most.
  case desCrypt = "des-crypt"
  /// BSDi extended DES (`_…`).
  case bsdiCrypt = "bsdi-crypt"
  /// `$3$` NT hash: one unsalted MD4.
  case ntHash = "nthash"
  /// `$md5` Sun MD5-crypt.
  case sunMD5 = "sun-md5-crypt"
  /// `$sha1$` NetBSD SHA1-crypt.
  case sha1Crypt = "sha1-crypt"
  /// bcrypt's `$2x$` (compatible with the old sign-extension bug) and the original `$2$`.
  case bcryptLegacy = "bcrypt-legacy"
  /// Django's `md5$`, `sha1$`, `unsalted_md5$`, `unsalted_sha1$` (or bare hex) and `crypt$`.
  case djangoDigest = "django-digest"

  /// How a report names it.
  public var name: String {
    switch self {
    case .apacheMD5: "Apache MD5 ($apr1$)"
    case .md5Crypt: "MD5-crypt ($1$)"
    case .sha1: "unsalted SHA-1 ({SHA})"
    case .saltedSHA1: "salted SHA-1 ({SSHA})"
    case .desCrypt: "traditional DES crypt"
    case .bsdiCrypt: "BSDi extended DES crypt (_)"
    case .ntHash: "NT hash ($3$)"
    case .sunMD5: "Sun MD5-crypt ($md5)"
    case .sha1Crypt: "SHA1-crypt ($sha1$)"
    case .bcryptLegacy: "bcrypt $2x$ or $2$"
    case .djangoDigest: "Django MD5, SHA-1 or crypt"
    }
  }
}

/// Schemes recognised and refused although not weak: outside what is imported.
public enum UnsupportedPasswordScheme: String, CaseIterable, Hashable, Sendable {
  /// `$7$` scrypt as crypt writes it.
  case scryptCrypt = "scrypt-crypt"
  /// `$gy$` GOST-yescrypt.
  case gostYescrypt = "gost-yescrypt"
  /// Argon2i or Argon2d (Django `argon2$argon2i$`, `$argon2i$`), or Argon2 without `v=19`.
  case otherArgon2 = "argon2-other"
  /// Django's `bcrypt$` (bcrypt without the SHA-256 step, so cut at 72 bytes).
  case djangoBcrypt = "django-bcrypt"

  /// How a report names it.
  public var name: String {
    switch self {
    case .scryptCrypt: "scrypt ($7$)"
    case .gostYescrypt: "GOST-yescrypt ($gy$)"
    case .otherArgon2: "Argon2 other than Argon2id v=19"
    case .djangoBcrypt: "Django bcrypt (without SHA-256)"
    }
  }
}
