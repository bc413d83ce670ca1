/// The blocklist of common passwords that sign-up and password change refuse.
///
/// Its source is `Data/common-passwords.txt`, embedded at build time: the
/// 19,640-entry common-passwords list shipped with Django 5.2
/// (`django/contrib/auth/common-passwords.txt.gz`), which Django took from
/// Royce Williams' list of 20,000 common passwords. Entries are compared
/// case-insensitively, after NFKC normalisation.
public enum CommonPasswords {
  /// How many distinct entries the blocklist holds.
  public static var count: Int { entries.count }

  /// Whether a password (already NFKC-normalised) is on the list, ignoring case.
  public static func contains(_ normalizedPassword: String) -> Bool {
    entries.contains(key(normalizedPassword))
  }

  /// Parsed once, on first use; a `static let` is initialised lazily and thread-safely.
  private static let entries: Set<String> = {
    var keys = Set<String>()
    for file in EmbeddedBlocklist.files {
      for line in file.contents.split(whereSeparator: \.isNewline) where !line.isEmpty {
        keys.insert(key(String(line)))
      }
    }
    return keys
  }()

  private static func key(_ text: String) -> String {
    UnicodeNormalization.nfkc(text).lowercased()
  }
}
