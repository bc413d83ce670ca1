#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a run needs from the process besides its streams: environment and working directory.
public struct ProcessContext: Sendable {
  /// The environment variables.
  public let environment: [String: String]
  /// The directory relative paths are taken from.
  public let currentDirectory: String

  /// Describes a process.
  public init(environment: [String: String], currentDirectory: String) {
    self.environment = environment
    self.currentDirectory = currentDirectory
  }

  /// This process.
  public static func current() -> ProcessContext {
    ProcessContext(
      environment: environmentOfThisProcess(), currentDirectory: currentDirectoryOfThisProcess())
  }

  /// The environment, read from `environ` (`NAME=value` entries; the first of a repeated
  /// name wins, as `getenv` answers). Not through FoundationEssentials' `ProcessInfo`, whose
  /// use links the rest of that library into the binary (see docs/performance.md).
  static func environmentOfThisProcess() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "="), environment[String(text[..<equals])] == nil {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return environment
  }

  private static func currentDirectoryOfThisProcess() -> String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
  }
}
