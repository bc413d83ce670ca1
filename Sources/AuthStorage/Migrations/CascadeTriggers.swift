extension SQLiteMigrator {
  /// The triggers on an app's tables that authcli's own statements fire: a DELETE or UPDATE
  /// trigger on a table whose foreign key to one of `ownTables` (directly, or through other
  /// app tables) cascades, sets null or sets a default, each as
  /// `extra trigger forget_profile on profiles (ON DELETE CASCADE from users fires it)`.
  /// Such a trigger runs inside authcli's `users delete` as one on its own table would.
  /// Reads the keys only when an app's table has a trigger at all.
  func cascadeTriggerDifferences(
    found: Set<SchemaObject>, ownTables: Set<String>, in database: SQLiteDatabase
  ) throws -> [String] {
    try cascadeTriggers(found: found, ownTables: ownTables, in: database).map {
      "extra trigger \($0.trigger.name) on \($0.trigger.tableName) (\($0.reason))"
    }
  }

  /// The triggers of `cascadeTriggerDifferences`, each with why it is refused
  /// (`ON DELETE CASCADE from users fires it`).
  func cascadeTriggers(
    found: Set<SchemaObject>, ownTables: Set<String>, in database: SQLiteDatabase
  ) throws -> [(trigger: SchemaObject, reason: String)] {
    let own = Set(ownTables.map { $0.lowercased() })
    let triggers = found.filter {
      $0.type == "trigger" && !own.contains($0.tableName.lowercased())
        && CascadeTriggerEvent(sql: $0.sql) != .insert
    }
    guard !triggers.isEmpty else { return [] }
    let keys = try database.query(
      """
      SELECT m.name AS child, f."table" AS parent, f.on_delete, f.on_update
      FROM sqlite_schema AS m JOIN pragma_foreign_key_list(m.name) AS f
      WHERE m.type = 'table'
        AND (f.on_delete IN ('CASCADE', 'SET NULL', 'SET DEFAULT')
          OR f.on_update IN ('CASCADE', 'SET NULL', 'SET DEFAULT'))
      ORDER BY m.name, f.id
      """
    ) { row throws(SQLiteError) in
      let onDelete = try row.decode(String.self, "on_delete")
      let action =
        ["CASCADE", "SET NULL", "SET DEFAULT"].contains(onDelete)
        ? "ON DELETE \(onDelete)" : "ON UPDATE \(try row.decode(String.self, "on_update"))"
      return (
        child: try row.decode(String.self, "child").lowercased(),
        parent: try row.decode(String.self, "parent").lowercased(), action: action
      )
    }
    // Each app table that authcli's statements reach: the action of its key on the way
    // and the table of authcli's the reach starts from.
    var reached: [String: (action: String, origin: String)] = [:]
    var frontier = own.sorted()
    while !frontier.isEmpty {
      var next: [String] = []
      for parent in frontier {
        let origin = reached[parent]?.origin ?? parent
        for key in keys
        where key.parent == parent && !own.contains(key.child) && reached[key.child] == nil {
          reached[key.child] = (key.action, origin)
          next.append(key.child)
        }
      }
      frontier = next
    }
    return triggers.sorted { $0.name < $1.name }.compactMap { trigger in
      reached[trigger.tableName.lowercased()].map {
        (trigger, "\($0.action) from \($0.origin) fires it")
      }
    }
  }
}

/// The statement a SQLite trigger fires on, read from the words of its `CREATE TRIGGER`
/// before `ON`, past comments and quoted names; `unknown` when none is found, which the
/// check treats as one authcli's statements could fire.
enum CascadeTriggerEvent: Equatable {
  case insert, delete, update, unknown

  init(sql: String?) {
    self = .unknown
    guard let sql else { return }
    var rest = Substring(sql)
    while let first = rest.first {
      if first.isWhitespace {
        rest = rest.dropFirst()
      } else if rest.hasPrefix("--") {
        rest = rest.drop { $0 != "\n" }
      } else if rest.hasPrefix("/*") {
        let body = rest.dropFirst(2)
        let end = body.indices.first { body[$0...].hasPrefix("*/") }
        rest = end.map { body[$0...].dropFirst(2) } ?? ""
      } else if let close = ["\"": "\"", "'": "'", "`": "`", "[": "]"][first] {
        rest = rest.dropFirst().drop { String($0) != close }.dropFirst()
      } else if first.isLetter || first == "_" {
        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        rest = rest.dropFirst(word.count)
        switch word.uppercased() {
        case "INSERT": self = .insert
        case "DELETE": self = .delete
        case "UPDATE": self = .update
        case "ON": return
        default: continue
        }
        return
      } else {
        rest = rest.dropFirst()
      }
    }
  }
}
