/// Text that has broken command-line tools before: SQL, format strings, shell syntax,
/// terminal escapes, Unicode that changes under normalisation, and plain edge cases.
enum HostileStrings {
  /// SQL fragments, as usernames and passwords.
  static let sql = [
    "'; DROP TABLE users; --", "\" OR \"1\"=\"1", "admin'--", "x'); DELETE FROM sessions; --",
    "1; ATTACH DATABASE '/tmp/evil' AS evil; --", "%' OR username LIKE '%",
    "' UNION SELECT 1,2,3--",
    "robert'); PRAGMA writable_schema=1; --", "?1", ":name", "@p", "$1",
  ]

  /// Format strings and template syntax.
  static let formats = [
    "%s%s%s%s%s%n", "%x%x%x%x", "%@", "%1$s", "{0}{1}", "${HOME}", "$(touch /tmp/authcli-pwned)",
    "`id`", "\\(1+1)", "%%", "%n%n%n%n",
  ]

  /// Control characters and terminal escape sequences.
  static let controls = [
    "\u{1b}[2J\u{1b}[H", "\u{1b}]0;owned\u{07}", "\r", "\u{08}\u{08}\u{08}", "\u{7f}", "\t",
    "\u{1b}[31mred\u{1b}[0m", "\u{0b}\u{0c}", "\u{03}", "\u{04}", "\u{1a}", "\u{1b}",
  ]

  /// Unicode that normalises, reorders, hides or widens.
  static let unicode = [
    "Ａｄｍｉｎ", "ﬃ", "ǅungla", "e\u{301}", "\u{202e}txt.exe", "\u{feff}bom", "zero\u{200b}width",
    "🔑🔑🔑", "İstanbul", "ß", "\u{10ffff}", "ｓｈａｒｅｄ－ａ",
  ]

  /// Lengths and emptiness.
  static let edges = [
    "", " ", "   leading", "trailing   ", "ab", "abc", String(repeating: "a", count: 32),
    String(repeating: "a", count: 33), String(repeating: "x", count: 257),
    String(repeating: "é", count: 300), "-", "--", "-h", "--db", "help",
  ]

  /// Everything above.
  static let all = sql + formats + controls + unicode + edges
}
