/// The CHECK constraints of authcli's tables, evaluated on the rows of a database.
///
/// `PRAGMA integrity_check` evaluates CHECK constraints only on a connection that can
/// write: SQLite leaves them out of the schema it parses for a read-only one (a connection
/// that cannot write cannot break them), and the inspector reads through a read-only
/// connection. Whoever writes the file can also store rows that break them with
/// `PRAGMA ignore_check_constraints=1`. So the inspector evaluates them itself.
///
/// The expressions come from the schema the migrations create (built in memory), never
/// from the inspected file, and run only on a table whose statement is exactly the
/// expected one: a planted table cannot make the inspector evaluate an expression of its
/// choosing, and a table that differs is reported by the schema check instead.
enum CheckConstraints {
  /// One line per table that holds a row breaking one of its CHECK constraints, in the
  /// words of `PRAGMA integrity_check` ("CHECK constraint failed in secret_keys"); empty
  /// when every row keeps them.
  static func violations(
    in database: SQLiteDatabase, expected: Set<SchemaObject>, found: Set<SchemaObject>
  ) throws -> [String] {
    let foundTables = Dictionary(
      found.filter { $0.type == "table" }.map { ($0.name, $0.sql) },
      uniquingKeysWith: { first, _ in first })
    var violations: [String] = []
    for table in expected.filter({ $0.type == "table" }).sorted(by: { $0.name < $1.name }) {
      guard let sql = table.sql, foundTables[table.name] == sql else { continue }
      let checks = expressions(inCreateTable: sql)
      guard !checks.isEmpty else { continue }
      // A CHECK fails only when its expression is false; NULL passes, as NOT NULL is NULL.
      let broken = checks.map { "NOT (\($0))" }.joined(separator: " OR ")
      // The expressions are the schema's own text, read back as SQL, not values.
      let condition = SQLiteQuery(sql: broken)
      if try database.scalarInt(
        "SELECT EXISTS (SELECT 1 FROM \(identifier: table.name) WHERE \(condition))") != 0
      {
        violations.append("CHECK constraint failed in \(table.name)")
      }
    }
    return violations
  }

  /// The expression inside each `CHECK ( … )` of a CREATE TABLE statement, in order.
  ///
  /// A small scanner over the statement's bytes: it skips string literals, quoted
  /// identifiers and comments, finds the keyword CHECK as a whole word, and takes what lies
  /// between the parenthesis after it and the one that closes it.
  static func expressions(inCreateTable sql: String) -> [String] {
    let bytes = Array(sql.utf8)
    var found: [String] = []
    var index = 0
    while index < bytes.count {
      if let end = skipQuotedOrComment(bytes, from: index) {
        index = end
        continue
      }
      guard isKeyword(bytes, at: index, "check") else {
        index += 1
        continue
      }
      var open = index + 5
      while open < bytes.count {
        if let end = skipComment(bytes, from: open) {
          open = end
        } else if isSpace(bytes[open]) {
          open += 1
        } else {
          break
        }
      }
      guard open < bytes.count, bytes[open] == UInt8(ascii: "("),
        let close = matchingParenthesis(bytes, openingAt: open)
      else {
        index += 5
        continue
      }
      found.append(String(decoding: bytes[(open + 1)..<close], as: UTF8.self))
      index = close + 1
    }
    return found
  }

  /// The index of the parenthesis that closes the one at `open`, if the text has one.
  private static func matchingParenthesis(_ bytes: [UInt8], openingAt open: Int) -> Int? {
    var depth = 0
    var index = open
    while index < bytes.count {
      if let end = skipQuotedOrComment(bytes, from: index) {
        index = end
        continue
      }
      if bytes[index] == UInt8(ascii: "(") { depth += 1 }
      if bytes[index] == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { return index }
      }
      index += 1
    }
    return nil
  }

  /// Past a string literal, quoted identifier or comment starting at `index`, if one does.
  private static func skipQuotedOrComment(_ bytes: [UInt8], from index: Int) -> Int? {
    if let end = skipComment(bytes, from: index) { return end }
    let closing: UInt8
    switch bytes[index] {
    case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): closing = bytes[index]
    case UInt8(ascii: "["): closing = UInt8(ascii: "]")
    default: return nil
    }
    // A doubled quote inside is an escaped one: it closes and reopens, which this follows.
    var end = index + 1
    while end < bytes.count, bytes[end] != closing { end += 1 }
    return min(end + 1, bytes.count)
  }

  /// Past a `--` or `/* */` comment starting at `index`, if one does.
  private static func skipComment(_ bytes: [UInt8], from index: Int) -> Int? {
    guard index + 1 < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
      var end = index + 2
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      return end
    }
    if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
      var end = index + 2
      while end + 1 < bytes.count,
        !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/"))
      {
        end += 1
      }
      return min(end + 2, bytes.count)
    }
    return nil
  }

  /// Whether `word` (lower-case ASCII) stands at `index` as a whole word, in any case.
  private static func isKeyword(_ bytes: [UInt8], at index: Int, _ word: String) -> Bool {
    let letters = Array(word.utf8)
    guard index + letters.count <= bytes.count else { return false }
    if index > 0, isIdentifierByte(bytes[index - 1]) { return false }
    for (offset, letter) in letters.enumerated() where bytes[index + offset] | 0x20 != letter {
      return false
    }
    let after = index + letters.count
    return after == bytes.count || !isIdentifierByte(bytes[after])
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r") || byte == 0x0C
  }
}

extension SQLiteMigrator {
  /// The lines of `PRAGMA integrity_check` with those of the CHECK constraints added
  /// (`CheckConstraints`), exactly `["ok"]` when both find nothing; on any connection,
  /// read-only included. The constraints are those the migrations up to the file's
  /// `user_version` create, when this migrator knows that version.
  public func integrityCheck(of database: SQLiteDatabase) throws -> [String] {
    var problems = try database.query("PRAGMA integrity_check") { row throws(SQLiteError) in
      try row.decode(String.self, "integrity_check")
    }
    .filter { $0 != "ok" }
    let version = try database.userVersion()
    if version > 0, version <= newestVersion {
      let violations = try CheckConstraints.violations(
        in: database, expected: try expectedSchema(atVersion: version),
        found: try SchemaObject.all(in: database))
      // A writable connection's integrity check reports them too, in the same words.
      problems += violations.filter { !problems.contains($0) }
    }
    return problems.isEmpty ? ["ok"] : problems
  }
}
