#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a run needs from the process besides its streams: environment and working directory.
public struct ProcessContext: Sendable {
  /// The environment variables.
  public let environment: ProcessEnvironment
  /// The directory relative paths are taken from.
  public let currentDirectory: String

  /// Describes a process whose environment is `environment`.
  public init(environment: [String: String], currentDirectory: String) {
    self.init(environment: ProcessEnvironment(environment), currentDirectory: currentDirectory)
  }

  private init(environment: ProcessEnvironment, currentDirectory: String) {
    self.environment = environment
    self.currentDirectory = currentDirectory
  }

  /// This process.
  public static func current() -> ProcessContext {
    ProcessContext(
      environment: .ofThisProcess, currentDirectory: currentDirectoryOfThisProcess())
  }

  private static func currentDirectoryOfThisProcess() -> String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
  }
}

/// The environment as the commands read it: one declared variable at a time
/// (`EnvironmentVariable`), looked up when a command asks for it, so that a start copies
/// none of the environment it does not use (see docs/performance.md).
public struct ProcessEnvironment: Sendable {
  /// The variables given, or `nil` for this process's own, read with `getenv` (which
  /// answers the first of a repeated name). Not through FoundationEssentials'
  /// `ProcessInfo`, whose use links the rest of that library into the binary.
  private let given: [String: String]?

  /// An environment of exactly these variables, as a test or another process sets them.
  public init(_ variables: [String: String]) {
    given = variables
  }

  private init() {
    given = nil
  }

  /// This process's environment, read at each lookup.
  public static let ofThisProcess = ProcessEnvironment()

  /// The value of the variable named `name`, when it is set.
  func value(named name: String) -> String? {
    guard let given else { return getenv(name).map { String(cString: $0) } }
    return given[name]
  }
}

extension ProcessEnvironment: ExpressibleByDictionaryLiteral {
  /// An environment of exactly these variables: `["HOME": "/home/ada"]`.
  public init(dictionaryLiteral variables: (String, String)...) {
    self.init(Dictionary(variables) { first, _ in first })
  }
}
