#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A PostgreSQL server and database named by a libpq URI (`postgresql://…` or `postgres://…`).
///
/// The URI is read by libpq itself (`PQconninfoParse`), so a password spelled in any way
/// libpq understands (`user:secret@`, `password=`, `pass%77ord=`, `sslpassword=`) is seen.
/// It keeps the URI for libpq, and a form for messages built from the options libpq read,
/// with every secret left out: nothing in it is a value libpq would take as a password.
public struct PostgresTarget: Hashable, Sendable {
  /// The URI handed to libpq: as given, the scheme in lower case (libpq accepts no other).
  public let connectionString: String
  /// The URI without its secrets: safe to print.
  public let displayName: String
  /// Whether the URI itself carries a secret (a password or an SSL key's passphrase).
  public let hasPassword: Bool
  /// Whether connections ask for `sslmode=verify-full` although the URI names no mode: it
  /// names none, `PGSSLMODE` is unset, and a host is not this machine (`ServerVerification`).
  public let verifiesServerByDefault: Bool

  /// Whether `text` names a PostgreSQL database rather than an SQLite file. Looks at the
  /// scheme alone, without libpq, which a process that never uses PostgreSQL does not load.
  public static func isURI(_ text: String) -> Bool {
    let lowered = text.prefix(16).lowercased()
    return lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://")
  }

  /// Reads a libpq URI with libpq (loaded now if it was not).
  ///
  /// Throws `PostgresError.libraryMissing` without libpq, and `invalidURI` when `uri` is
  /// not a URI or libpq cannot read it; the reason then quotes nothing from the URI that
  /// could be a secret.
  public init(parsing uri: String) throws(PostgresError) {
    guard Self.isURI(uri), let schemeEnd = uri.indices.first(where: { uri[$0...].hasPrefix("://") })
    else {
      throw .invalidURI(reason: "it does not start with postgresql:// or postgres://")
    }
    let library: LibPQ
    switch LibPQ.shared {
    case .success(let loaded): library = loaded
    case .failure(let error): throw error
    }
    connectionString = uri[..<schemeEnd].lowercased() + uri[schemeEnd...]
    let options: [ConnectionOption]
    do {
      options = try library.options(of: connectionString)
    } catch {
      throw .invalidURI(reason: Self.withoutQuotedURI(error.reason))
    }
    hasPassword = options.contains(where: \.isSecret)
    displayName = Self.display(options.filter { !$0.isSecret })
    verifiesServerByDefault = ServerVerification.isRequired(by: options) { name in
      getenv(name).map { String(cString: $0) }
    }
  }

  /// Reads a libpq URI; `nil` when it is not one, libpq cannot read it, or libpq is missing.
  public init?(uri: String) {
    guard let target = try? PostgresTarget(parsing: uri) else { return nil }
    self = target
  }

  /// The options as a URI: the database as its path, then the server's address (host,
  /// hostaddr, port) and every other option in libpq's order, each value percent-encoded.
  static func display(_ options: [ConnectionOption]) -> String {
    let first = ["host", "hostaddr", "port"]
    let database = options.last { $0.keyword == "dbname" }
    let rest = options.filter { $0.keyword != "dbname" }
    let ordered =
      first.flatMap { keyword in rest.filter { $0.keyword == keyword } }
      + rest.filter { !first.contains($0.keyword) }
    let path = database.map { "/" + percentEncoded($0.value, keeping: ":@,") } ?? ""
    let query = ordered.map { $0.keyword + "=" + percentEncoded($0.value, keeping: "/:@,") }
    return "postgresql://" + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }

  /// `text` with every byte percent-encoded but letters, digits, `-._~` and `kept`.
  private static func percentEncoded(_ text: String, keeping kept: String) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    let keptBytes = Set(kept.utf8)
    var encoded: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.append(byte)
      case _ where keptBytes.contains(byte):
        encoded.append(byte)
      default:
        encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  /// libpq's reason without what it quotes from the URI: some reasons quote the whole
  /// URI or a value (`invalid percent-encoded token: "s3cret%zz"`). A quoted keyword or
  /// single character (`invalid URI query parameter: "bogus"`) stays, for it helps.
  static func withoutQuotedURI(_ reason: String) -> String {
    var kept = ""
    var rest = Substring(reason)
    while let open = rest.firstIndex(of: "\"") {
      let before = rest[..<open]
      let afterOpen = rest[rest.index(after: open)...]
      let close = afterOpen.firstIndex(of: "\"") ?? afterOpen.endIndex
      let quoted = afterOpen[..<close]
      let isKeyword =
        quoted.count == 1
        || (quoted.count < 64 && quoted.utf8.allSatisfy(Self.isKeywordByte))
      if isKeyword {
        kept += String(before) + "\"" + String(quoted) + "\""
      } else {
        var trimmed = before
        if trimmed.hasSuffix(": ") { trimmed = trimmed.dropLast(2) }
        if trimmed.hasSuffix(" ") { trimmed = trimmed.dropLast() }
        kept += String(trimmed)
      }
      rest = close < afterOpen.endIndex ? afterOpen[afterOpen.index(after: close)...] : ""
    }
    return kept + String(rest)
  }

  /// A letter, digit or `_`: what libpq's keywords are made of.
  private static func isKeywordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      true
    default: false
    }
  }
}
