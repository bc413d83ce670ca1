import AuthDatabase
import Foundation

// Usage: EmbedTool ENUM_NAME OUTPUT.swift FILE...
// Writes `enum ENUM_NAME { static let files: [(name: String, contents: String)] }`
// with each file's text as a raw string literal, in the order given.
//
// For `EmbeddedMigrations` it first checks the files as a set of migrations and fails the
// build, naming the file, on a misnamed file, a duplicate number or a gap: the rules of
// AuthDatabase's MigrationSet.swift, which the migrators check again at run time.
//
// Usage: EmbedTool --sorted-keys ENUM_NAME OUTPUT.swift FILE...
// Writes `enum ENUM_NAME { static let keys: StaticString; static let count: Int }`: every
// line of every file, NFKC-normalised and lower-cased, de-duplicated, sorted by UTF-8 bytes,
// as one text with a line feed before and after each key, for a binary search in place.

var arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--sorted-keys" {
  arguments = arguments.dropFirst()
  writeSortedKeys(Array(arguments))
}
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: EmbedTool ENUM_NAME OUTPUT.swift FILE...\n".utf8))
  exit(64)
}
let enumName = arguments[arguments.startIndex]
let outputPath = arguments[arguments.startIndex + 1]
let inputPaths = arguments.dropFirst(2)

if enumName == "EmbeddedMigrations" {
  // Only the names matter to the rules; the contents are read below.
  let files = inputPaths.map { (name: URL(fileURLWithPath: $0).lastPathComponent, contents: "") }
  do throws(MigrationSetError) {
    _ = try Migration.validated(files: files)
  } catch {
    let folder = inputPaths.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    FileHandle.standardError.write(Data("error: \(folder ?? "migrations"): \(error)\n".utf8))
    exit(65)
  }
}

/// A raw-string delimiter long enough that no file can end the literal early.
let hashes = "######"

var source = "// Generated at build time by EmbedTool. Do not edit.\n\n"
source += "/// Files embedded into the binary at build time, in name order.\n"
source += "enum \(enumName) {\n"
source += "  /// Each file's name and its whole text.\n"
source += "  static let files: [(name: String, contents: String)] = [\n"
for path in inputPaths {
  let url = URL(fileURLWithPath: path)
  guard let contents = try? String(contentsOf: url, encoding: .utf8) else {
    FileHandle.standardError.write(Data("EmbedTool: cannot read \(path) as UTF-8\n".utf8))
    exit(65)
  }
  if contents.contains("\"\(hashes)") {
    FileHandle.standardError.write(Data("EmbedTool: \(path) contains the delimiter\n".utf8))
    exit(65)
  }
  source += "    (\n      \(hashes)\"\(url.lastPathComponent)\"\(hashes),\n"
  source += "      \(hashes)\"\"\"\n\(contents)\n\"\"\"\(hashes)\n    ),\n"
}
source += "  ]\n}\n"

do {
  let existing = try? String(contentsOfFile: outputPath, encoding: .utf8)
  if existing != source {
    try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
  }
} catch {
  FileHandle.standardError.write(Data("EmbedTool: cannot write \(outputPath): \(error)\n".utf8))
  exit(73)
}

/// Writes the sorted-keys form (see the usage above) and exits.
func writeSortedKeys(_ arguments: [String]) -> Never {
  guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: EmbedTool --sorted-keys ENUM OUT FILE...\n".utf8))
    exit(64)
  }
  var keys = Set<String>()
  for path in arguments.dropFirst(2) {
    guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
      FileHandle.standardError.write(Data("EmbedTool: cannot read \(path) as UTF-8\n".utf8))
      exit(65)
    }
    for line in contents.split(separator: "\n", omittingEmptySubsequences: true) {
      // The same key the program computes at run time (CommonPasswords.key).
      let key = String(line).precomposedStringWithCompatibilityMapping.lowercased()
      if !key.isEmpty && !key.contains("\n") { keys.insert(key) }
    }
  }
  let sorted = keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
  var literal = "\\n"
  for key in sorted {
    for scalar in String(decoding: key, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "\\": literal += "\\\\"
      case "\"": literal += "\\\""
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        literal += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: literal.unicodeScalars.append(scalar)
      }
    }
    literal += "\\n"
  }
  var source = "// Generated at build time by EmbedTool. Do not edit.\n\n"
  source += "/// Keys embedded into the binary at build time, sorted by their UTF-8 bytes.\n"
  source += "enum \(arguments[0]) {\n"
  source += "  /// Each key between line feeds, the first preceded and the last followed by one.\n"
  source += "  static let keys: StaticString = \"\(literal)\"\n"
  source += "  /// How many keys there are.\n"
  source += "  static let count = \(sorted.count)\n"
  source += "}\n"
  let outputPath = arguments[1]
  if (try? String(contentsOfFile: outputPath, encoding: .utf8)) != source {
    do {
      try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
    } catch {
      FileHandle.standardError.write(Data("EmbedTool: cannot write \(outputPath)\n".utf8))
      exit(73)
    }
  }
  exit(0)
}
