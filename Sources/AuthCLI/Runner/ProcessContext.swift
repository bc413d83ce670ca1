import Foundation

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
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath)
  }
}
