/// Names written into SQL text, the same way for both engines.
package enum SQLText {
  /// `name` as an SQL identifier: in double quotes, each of its own doubled, so that any name
  /// reads back as itself and never as SQL.
  package static func identifier(_ name: String) -> String {
    "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
      + "\""
  }
}
