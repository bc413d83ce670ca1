import CLibPQ

/// One option that a connection string sets, as libpq itself reads it.
struct ConnectionOption: Hashable, Sendable {
  /// libpq's keyword, for example `host` or `password`.
  let keyword: String
  /// The value, percent-decoded as libpq decodes it.
  let value: String
  /// Whether libpq marks the option as a secret (its value is hidden in a connection
  /// dialog): `password` and `sslpassword`, and any that a later libpq adds.
  let isSecret: Bool
}

extension LibPQ {
  /// The keywords treated as secrets even if a libpq failed to mark them so.
  static let secretKeywords: Set<String> = ["password", "sslpassword"]

  /// The options `conninfo` sets explicitly, in libpq's order, read by `PQconninfoParse`:
  /// whatever spelling or percent-encoding the text uses, this is what a connection would
  /// use. Throws libpq's reason, on one line, when it cannot read the text.
  func options(of conninfo: String) throws(ConnectionStringError) -> [ConnectionOption] {
    var message: UnsafeMutablePointer<CChar>? = nil
    guard let parsed = conninfoParse(conninfo, &message) else {
      let reason = message.map { String(cString: $0) } ?? "out of memory"
      if let message { freemem(message) }
      throw ConnectionStringError(reason: PostgresConnection.oneLine(reason))
    }
    defer { conninfoFree(parsed) }
    var options: [ConnectionOption] = []
    var entry = parsed
    while let keyword = entry.pointee.keyword.map({ String(cString: $0) }) {
      if let value = entry.pointee.val {
        let display = entry.pointee.dispchar.map { String(cString: $0) } ?? ""
        options.append(
          ConnectionOption(
            keyword: keyword, value: String(cString: value),
            isSecret: display.contains("*") || Self.secretKeywords.contains(keyword)))
      }
      entry += 1
    }
    return options
  }
}

/// Why libpq cannot read a connection string: its own reason, which may quote the text.
struct ConnectionStringError: Error {
  let reason: String
}
