import AuthPostgres
import Testing

/// A PostgreSQL URI is read by libpq itself: every spelling of a secret that libpq would
/// decode is found, and the printed form, rebuilt from what libpq read, holds none.
@Suite("PostgreSQL targets")
struct PostgresTargetTests {
  @Test(
    "every spelling of a secret libpq decodes is found and left out of the printed form",
    arguments: [
      "postgresql:///x?host=/nowhere&password=hunter2",
      "postgresql:///x?host=/nowhere&%70assword=hunter2",
      "postgresql:///x?host=/nowhere&pass%77ord=hunter2",
      "postgresql:///x?host=/nowhere&%50ASSWORD=hunter2&password=hunter2",
      "postgresql:///x?host=/nowhere&sslpassword=hunter2",
      "postgresql:///x?host=/nowhere&ssl%70assword=%68unter2",
      "postgresql://someone:hunter2@/x?host=/nowhere",
      "postgresql://someone:%68unter2@/x?host=/nowhere",
      "postgres://someone:hunter2@localhost:5433/x",
      "POSTGRESQL://someone@/x?host=/nowhere&password=hunter2",
    ])
  func secretsAreFoundAndLeftOut(uri: String) throws {
    guard let target = try? PostgresTarget(parsing: uri) else {
      // Upper-case keywords are not libpq's: that URI must fail, never pass as secret-free.
      #expect(uri.contains("%50ASSWORD"))
      return
    }
    #expect(target.hasPassword)
    #expect(!target.displayName.contains("hunter2"))
    #expect(!target.displayName.contains("%68"))
    #expect(!target.displayName.lowercased().contains("password"))
    // What is shown is itself a URI libpq reads as the same server, without a secret.
    let shown = try PostgresTarget(parsing: target.displayName)
    #expect(!shown.hasPassword)
    #expect(shown.displayName == target.displayName)
  }

  @Test("the printed form is built from the options libpq read")
  func displayForm() throws {
    let cases: [(uri: String, shown: String)] = [
      ("postgresql:///accounts", "postgresql:///accounts"),
      ("postgres:///accounts", "postgresql:///accounts"),
      ("postgresql://", "postgresql://"),
      (
        "postgresql:///authcli?host=/tmp/pg&user=authcli",
        "postgresql:///authcli?host=/tmp/pg&user=authcli"
      ),
      // The server's address first, then libpq's order; values encoded where they must be.
      (
        "postgresql:///authcli?user=authcli&options=-c%20search_path%3Dt_1&host=/tmp/pg",
        "postgresql:///authcli?host=/tmp/pg&user=authcli&options=-c%20search_path%3Dt_1"
      ),
      (
        "postgresql://ada:secret@db.example.com:5433/app?sslmode=require",
        "postgresql:///app?host=db.example.com&port=5433&user=ada&sslmode=require"
      ),
      ("postgresql://h1:1,h2:2/d", "postgresql:///d?host=h1,h2&port=1,2"),
      ("postgresql://[::1]:5433/d", "postgresql:///d?host=::1&port=5433"),
      (
        "postgresql:///we%20ird%2Fname?application_name=a%26b%3Dc%25",
        "postgresql:///we%20ird%2Fname?application_name=a%26b%3Dc%25"
      ),
      // Percent-encoded keywords are decoded, as libpq decodes them.
      ("postgresql:///x?%68ost=/tmp/pg", "postgresql:///x?host=/tmp/pg"),
      ("postgresql:///x?dbname=y", "postgresql:///y"),
    ]
    for (uri, shown) in cases {
      let target = try PostgresTarget(parsing: uri)
      #expect(target.displayName == shown, "\(uri)")
      #expect(target.hasPassword == uri.contains("secret"), "\(uri)")
    }
  }

  @Test("a URI libpq cannot read is refused with libpq's reason and nothing it quoted")
  func unreadableURI() {
    let cases: [(uri: String, reason: String)] = [
      ("postgresql:///x?bogus=1", "invalid URI query parameter: \"bogus\""),
      ("postgresql:///x?password=hunter2%zz", "invalid percent-encoded token"),
      ("postgresql:///x?password=hunter2%00", "forbidden value %00 in percent-encoded value"),
      (
        "postgresql://u:hunter2@[::1/x",
        "end of string reached when looking for matching \"]\" in IPv6 host address in URI"
      ),
    ]
    for (uri, reason) in cases {
      let error = #expect(throws: PostgresError.self) { try PostgresTarget(parsing: uri) }
      guard case .invalidURI(let given)? = error else {
        Issue.record("\(uri): \(String(describing: error))")
        continue
      }
      #expect(given == reason, "\(uri)")
      #expect(!given.contains("hunter2"), "\(uri)")
    }
    #expect(PostgresTarget(uri: "/not/a/uri.sqlite3") == nil)
    #expect(PostgresTarget(uri: "postgresql:///x?bogus=1") == nil)
  }
}
