#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether authcli asks libpq to check the server's certificate (`sslmode=verify-full`)
/// when the URI names no `sslmode`.
///
/// libpq's own default, `prefer`, takes TLS with any certificate and falls back to clear
/// text when the server offers no TLS, so a machine in the middle could answer every
/// sign-in. A host that is this machine (a Unix socket, `localhost`, 127.0.0.0/8, `::1`)
/// has no such middle, and keeps libpq's default; any other host is verified unless the
/// URI or `PGSSLMODE` names a mode, weaker ones included, by name.
enum ServerVerification {
  /// The mode asked for when the URI and the environment name none and a host is not this
  /// machine.
  static let impliedMode = "verify-full"

  /// Whether the connection must verify the server: no mode named in `options` (read by
  /// `PQconninfoParse`) or in `PGSSLMODE`, and a host that is not this machine. The hosts
  /// are those libpq will use: the URI's, or `PGHOST` and `PGHOSTADDR` when it names none.
  static func isRequired(
    by options: [ConnectionOption], environment: (String) -> String?
  ) -> Bool {
    func value(_ keyword: String, orEnvironment name: String) -> String {
      options.last { $0.keyword == keyword }?.value ?? environment(name) ?? ""
    }
    guard value("sslmode", orEnvironment: "PGSSLMODE").isEmpty else { return false }
    let names = list(value("host", orEnvironment: "PGHOST"))
    let addresses = list(value("hostaddr", orEnvironment: "PGHOSTADDR"))
    let count = max(names.count, addresses.count)
    return (0..<count).contains { index in
      !isThisMachine(
        name: index < names.count ? names[index] : "",
        address: index < addresses.count ? addresses[index] : "")
    }
  }

  /// The entries of one of libpq's comma-separated host lists (a multi-host URI's hosts end
  /// up in one `host` value); none for an empty value.
  private static func list(_ value: String) -> [String] {
    value.isEmpty
      ? [] : value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  }

  /// Whether one host entry reaches this machine, judged by the name the certificate
  /// would be checked against as well as by the address connected to: a name such as
  /// `db.example.invalid` with `hostaddr=127.0.0.1` is a remote server's name, and
  /// `localhost` with a remote `hostaddr` is a remote address.
  static func isThisMachine(name: String, address: String) -> Bool {
    guard address.isEmpty || isLoopback(address) else { return false }
    if name.isEmpty { return true }
    // A socket's folder (an absolute path) or an abstract socket (`@name`).
    if name.hasPrefix("/") || name.hasPrefix("@") { return true }
    return name.lowercased() == "localhost" || isLoopback(name)
  }

  /// Whether `text` is an IPv4 address in 127.0.0.0/8 or the IPv6 address `::1`, read by
  /// the C library (`inet_pton`); a name is not an address.
  static func isLoopback(_ text: String) -> Bool {
    var ipv4 = in_addr()
    if inet_pton(AF_INET, text, &ipv4) == 1 {
      return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
    }
    var ipv6 = in6_addr()
    guard inet_pton(AF_INET6, text, &ipv6) == 1 else { return false }
    return withUnsafeBytes(of: &ipv6) { bytes in
      bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
    }
  }
}
