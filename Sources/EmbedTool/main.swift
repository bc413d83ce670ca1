import Foundation

// Usage: EmbedTool ENUM_NAME OUTPUT.swift FILE...
// Writes `enum ENUM_NAME { static let files: [(name: String, contents: String)] }`
// with each file's text as a raw string literal, in the order given.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: EmbedTool ENUM_NAME OUTPUT.swift FILE...\n".utf8))
  exit(64)
}
let enumName = arguments[arguments.startIndex]
let outputPath = arguments[arguments.startIndex + 1]
let inputPaths = arguments.dropFirst(2)

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
