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

  /// Read straight from `environ`: `ProcessInfo.environment` decodes every entry through
  /// a slower, general path, a visible part of a short command's start-up. When a name
  /// appears twice the first entry wins, as it does for `getenv`.
  static func environmentOfThisProcess() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    // Sized once: growing a dictionary entry by entry rehashes it several times over.
    var variables = [String: String](minimumCapacity: count)
    var entry = environ
    while let text = entry.pointee {
      let length = strlen(text)
      text.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        let all = UnsafeBufferPointer(start: bytes, count: length)
        guard let equals = all.firstIndex(of: UInt8(ascii: "=")) else { return }
        let name = String(decoding: UnsafeBufferPointer(rebasing: all[..<equals]), as: UTF8.self)
        if variables[name] == nil {
          variables[name] = String(
            decoding: UnsafeBufferPointer(rebasing: all[(equals + 1)...]), as: UTF8.self)
        }
      }
      entry += 1
    }
    return variables
  }

  private static func currentDirectoryOfThisProcess() -> String {
    guard let path = getcwd(nil, 0) else { return FileManager.default.currentDirectoryPath }
    defer { free(path) }
    return String(cString: path)
  }
}
