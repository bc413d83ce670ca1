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

  /// The environment, as FoundationEssentials reads it.
  static func environmentOfThisProcess() -> [String: String] {
    ProcessInfo.processInfo.environment
  }

  private static func currentDirectoryOfThisProcess() -> String {
    guard let path = getcwd(nil, 0) else { return FileManager.default.currentDirectoryPath }
    defer { free(path) }
    return String(cString: path)
  }
}
