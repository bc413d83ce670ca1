import AuthDatabase
import AuthPostgres

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which database a command uses: a file, a throwaway in-memory one, or a PostgreSQL server.
enum DatabaseLocation: Hashable, Sendable {
  /// An absolute file path; `isDefault` when no option or variable named it, the one
  /// case where authcli may create the folder (0700) too.
  case file(String, isDefault: Bool = false)
  /// `:memory:`, gone when the process ends.
  case memory
  /// A PostgreSQL database named by a libpq URI (`postgresql://…` or `postgres://…`).
  case postgres(PostgresTarget)

  /// `--db`, then `AUTHCLI_DB`, then `$XDG_DATA_HOME/authcli/auth.sqlite3`
  /// (`~/.local/share/authcli/auth.sqlite3`). Relative paths are taken from `currentDirectory`.
  /// A `postgresql://` or `postgres://` URI names a PostgreSQL database, read by libpq
  /// (which only such a URI loads); in `--db` it must not carry a password, which every
  /// user could read in the process list, however libpq would spell or encode it.
  static func resolve(
    option: String?, environment: ProcessEnvironment, currentDirectory: String
  ) throws(CLIError) -> DatabaseLocation {
    if let option {
      guard !option.isEmpty else {
        throw .usage(UsageError("The value '' is invalid for '--db <path>'"))
      }
      guard PostgresTarget.isURI(option) else {
        return try location(of: option, currentDirectory: currentDirectory)
      }
      let target = try postgres(option) { reason in
        .usage(UsageError("The URI in '--db' cannot be read by libpq: \(reason)"))
      }
      if target.hasPassword { throw .passwordOnCommandLine }
      return .postgres(target)
    }
    if let variable = environment[.database], !variable.isEmpty {
      guard PostgresTarget.isURI(variable) else {
        return try location(of: variable, currentDirectory: currentDirectory)
      }
      return .postgres(
        try postgres(variable) { reason in
          .configuration("The URI in AUTHCLI_DB cannot be read by libpq: \(reason)")
        })
    }
    let dataHome = try XDGDirectory.data.path(environment: environment)
    return .file(dataHome + "/" + KnownFile.defaultDatabasePath, isDefault: true)
  }

  /// The target `uri` names; `unreadable` makes the error for a URI libpq cannot read.
  private static func postgres(
    _ uri: String, unreadable: (String) -> CLIError
  ) throws(CLIError) -> PostgresTarget {
    do {
      return try PostgresTarget(parsing: uri)
    } catch {
      if case .invalidURI(let reason) = error { throw unreadable(reason) }
      throw .engineUnavailable(error.report)
    }
  }

  private static func location(
    of path: String, currentDirectory: String
  ) throws(CLIError) -> DatabaseLocation {
    if path == ":memory:" { return .memory }
    let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    // Judged as named, before standardising follows the links in it: a link another user
    // may change decides which folder the standard form names (the opener judges that one).
    if let unsafe = FolderPath.firstUnsafeStep(to: PathText.parent(of: absolute)) {
      throw .unsafePath(path: absolute, folder: unsafe.path, reason: unsafe.reason)
    }
    // Standardising resolves symbolic links; the last component must stay as named, so
    // that a link there is seen (and refused) by the opener, not silently followed.
    let name = absolute.split(separator: "/").last.map(String.init) ?? ""
    guard !name.isEmpty, name != ".", name != "..", !absolute.hasSuffix("/") else {
      return .file(PathText.standardized(absolute))
    }
    let folder = PathText.standardized(PathText.parent(of: absolute))
    return .file(folder == "/" ? "/" + name : folder + "/" + name)
  }

  /// Whether this is a private in-memory database, which no real account outlives.
  var isMemory: Bool {
    if case .memory = self { return true }
    return false
  }

  /// What another program must be given to reach this database again (a PAM file's
  /// `--db`): the absolute path, or the URI as typed (`typed`), which libpq reads again
  /// there; `nil` in memory, which nothing else reaches.
  func commandLineValue(typed: String?) -> String? {
    switch self {
    case .file(let path, _): path
    case .memory: nil
    case .postgres: typed
    }
  }

  /// The path as shown to people.
  var displayPath: String {
    switch self {
    case .file(let path, _): path
    case .memory: ":memory:"
    case .postgres(let target): target.displayName
    }
  }
}
