#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file or folder could not be used: the system's error number, kept as a number so
/// that whoever reports it chooses the next step by it (`ENOENT`: make the folder), and
/// turned into the system's words only when printed; or a reason worded where it was found.
public enum FileFailureReason: Hashable, Sendable, CustomStringConvertible {
  /// The system refused, with this `errno`.
  case system(Int32)
  /// A file that is not a folder stands where a folder is needed.
  case fileInTheWay
  /// A reason worded where it was found: a refusal of authcli's own checks (`it is a
  /// symbolic link`), or a library's text.
  case described(String)

  /// The reason as a message ends with it: the system's text for an error number.
  public var description: String {
    switch self {
    case .system(let code): String(cString: strerror(code))
    case .fileInTheWay: "a file is in the way"
    case .described(let text): text
    }
  }
}
