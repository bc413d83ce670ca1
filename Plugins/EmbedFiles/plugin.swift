import Foundation
import PackagePlugin

/// Turns data files kept outside `Sources/` into Swift string literals at build time,
/// so the binary carries them and reads nothing from disk at run time.
///
/// - `AuthStorage` gets `Migrations/sqlite/*.sql` as `EmbeddedMigrations.files`.
/// - `AuthPostgres` gets `Migrations/postgres/*.sql` as `EmbeddedMigrations.files`.
/// - `AuthCore` gets every `Data/*.txt` as `EmbeddedBlocklist.keys`: one sorted blob of
///   NFKC-normalised, lower-cased passwords, searched in place.
@main
struct EmbedFiles: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let embedding: (enumName: String, folder: URL, suffix: String, mode: [String])
    switch target.name {
    case "AuthStorage":
      embedding = ("EmbeddedMigrations", root.appending(path: "Migrations/sqlite"), ".sql", [])
    case "AuthPostgres":
      embedding = ("EmbeddedMigrations", root.appending(path: "Migrations/postgres"), ".sql", [])
    case "AuthCore":
      embedding = ("EmbeddedBlocklist", root.appending(path: "Data"), ".txt", ["--sorted-keys"])
    default:
      return []
    }
    // Every file of a migrations folder goes to EmbedTool, which fails the build on one that
    // is misnamed instead of leaving it out without a word; only hidden files are skipped.
    let isMigrations = embedding.enumName == "EmbeddedMigrations"
    let names = try FileManager.default.contentsOfDirectory(atPath: embedding.folder.path)
      .filter { isMigrations ? !$0.hasPrefix(".") : $0.hasSuffix(embedding.suffix) }
      .sorted()
    let inputs = names.map { embedding.folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "\(embedding.enumName).swift")
    return [
      .buildCommand(
        displayName: "Embedding \(names.count) file(s) into \(target.name)",
        executable: try context.tool(named: "EmbedTool").url,
        arguments: embedding.mode + [embedding.enumName, output.path] + inputs.map(\.path),
        inputFiles: inputs + [embedding.folder],
        outputFiles: [output])
    ]
  }
}
