/// A set of migration files that cannot be applied safely, named by file.
///
/// The build refuses these already (the embedding step checks the same rules); the check
/// at run time covers migrations given any other way.
public enum MigrationSetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A file whose name is not `NNNN_name.sql` (four or more digits, a positive number,
  /// lower-case letters, digits and underscores).
  case misnamed(file: String)
  /// Two files with one number: the second would otherwise be skipped without a word.
  case duplicateNumber(Int, files: [String])
  /// A number missing between 1 and the highest.
  case gap(missing: Int, before: String)
  /// The database records a migration under a number whose known name differs.
  case recordedDiffers(recorded: String, known: String)
  /// An app's namespace that is not lower-case a-z, 0-9 and `_` from a letter on.
  case misnamedNamespace(String)
  /// The database records an app's namespace at a version newer than its migrations reach.
  case namespaceTooNew(namespace: String, found: Int, newestKnown: Int)

  /// One line naming the file.
  public var description: String {
    switch self {
    case .misnamed(let file):
      "migration file \(file) is not named NNNN_name.sql (digits, then lower-case a-z, 0-9 and _)"
    case .duplicateNumber(let number, let files):
      "migration number \(number) is used by more than one file: "
        + files.joined(separator: ", ")
    case .gap(let missing, let before):
      "migration number \(missing) is missing before \(before)"
    case .recordedDiffers(let recorded, let known):
      "the database records migration \(recorded), but this program's migration with that"
        + " number is \(known)"
    case .misnamedNamespace(let namespace):
      "app migration namespace \(namespace) is not lower-case a-z, 0-9 and _ starting with a"
        + " letter (at most 63 characters, not beginning with pg_)"
    case .namespaceTooNew(let namespace, let found, let newestKnown):
      "the database records app migrations \(namespace) at version \(found), newer than this"
        + " program knows (\(newestKnown))"
    }
  }
}

extension Migration {
  /// Whether `identifier` (a file name without `.sql`) has the required shape.
  public static func isWellFormed(identifier: String) -> Bool {
    let digits = identifier.prefix { $0.isASCII && $0.isNumber }
    guard digits.count >= 4, let number = Int(digits), number > 0 else { return false }
    let rest = identifier.dropFirst(digits.count)
    guard rest.first == "_", rest.count > 1 else { return false }
    return rest.dropFirst().allSatisfy {
      ("a"..."z").contains($0) || $0.isASCII && $0.isNumber || $0 == "_"
    }
  }

  /// The migrations of a folder's files, in order, or the first rule the files break.
  public static func validated(
    files: [(name: String, contents: String)]
  ) throws(MigrationSetError) -> [Migration] {
    var migrations: [Migration] = []
    for file in files {
      let identifier = file.name.hasSuffix(".sql") ? String(file.name.dropLast(4)) : file.name
      guard file.name.hasSuffix(".sql"), isWellFormed(identifier: identifier),
        let migration = Migration(fileName: file.name, contents: file.contents)
      else { throw .misnamed(file: file.name) }
      migrations.append(migration)
    }
    try checkNumbering(migrations)
    return migrations.sorted { $0.version < $1.version }
  }

  /// Refuses duplicate numbers and gaps (numbers run 1, 2, 3, … with none missing).
  public static func checkNumbering(_ migrations: [Migration]) throws(MigrationSetError) {
    let sorted = migrations.sorted { ($0.version, $0.identifier) < ($1.version, $1.identifier) }
    var expected = 1
    var index = 0
    while index < sorted.count {
      let migration = sorted[index]
      let same = sorted[index...].prefix { $0.version == migration.version }
      if same.count > 1 {
        throw .duplicateNumber(migration.version, files: same.map { $0.identifier + ".sql" })
      }
      if migration.version != expected {
        throw .gap(missing: expected, before: migration.identifier + ".sql")
      }
      expected += 1
      index += 1
    }
  }

  /// Refuses a database whose records name a known number with another name.
  public static func checkRecords(
    _ recorded: [String], against migrations: [Migration]
  ) throws(MigrationSetError) {
    var known: [Int: String] = [:]
    for migration in migrations { known[migration.version] = migration.identifier }
    for identifier in recorded {
      let digits = identifier.prefix { $0.isASCII && $0.isNumber }
      guard let number = Int(digits), let name = known[number] else { continue }
      if name != identifier { throw .recordedDiffers(recorded: identifier, known: name) }
    }
  }
}
