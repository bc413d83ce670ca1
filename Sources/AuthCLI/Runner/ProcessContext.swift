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
      // The name ends at the first "=", found among the bytes (names are ASCII).
      if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
        let name = String(
          decoding: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self)
        if environment[name] == nil { environment[name] = String(cString: equals + 1) }
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
