#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A C library opened at run time, on first use, instead of linked.
///
/// A linked library is mapped, relocated and has its constructors run at the start of every
/// command, whichever it is; a command that never uses it should not pay for it. Each
/// library's functions are a table of the module that uses it, filled once per process by
/// `open(linux:macOS:reading:)`: a new function is a `typedef` in the module's `shim.h`, a
/// field in the table and one `function(_:as:)` in the table's `init`.
public struct SharedLibrary {
  /// The handle, which stays open for the life of the process: the functions are used to
  /// the end.
  @usableFromInline let handle: UnsafeMutableRawPointer
  /// The name the handle was opened by, for the reason a function is missing.
  @usableFromInline let name: String

  /// Opens the first of `names` the dynamic loader finds; the loader's reasons otherwise.
  public init(_ names: [String]) throws(SharedLibraryError) {
    var reasons: [String] = []
    for name in names {
      if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
        self.handle = handle
        self.name = name
        return
      }
      reasons.append(dlerror().map { String(cString: $0) } ?? name)
    }
    throw SharedLibraryError(reason: reasons.joined(separator: "; "))
  }

  /// The function `name`, as the C type `type` its header declares.
  ///
  /// Inlinable so that each table's `init` casts to its concrete types: called generically
  /// across the module boundary, every distinct function type was made from its mangled name
  /// at run time (about 30,000 instructions each; opening SQLite's 28 functions took 0.6 M).
  @inlinable
  public func function<Function>(
    _ name: String, as type: Function.Type
  ) throws(SharedLibraryError) -> Function {
    guard let address = dlsym(handle, name) else {
      throw SharedLibraryError(reason: "\(self.name) has no function \(name) (version too old?)")
    }
    return unsafeBitCast(address, to: type)
  }

  /// The names to try, in order: the versioned name that the runtime package installs (on
  /// Linux the unversioned one comes only with the development package); on Apple's
  /// platforms, then the unversioned name, for an install that has only that one.
  static func names(linux: String, macOS: String) -> [String] {
    #if canImport(Darwin)
      return [macOS, "\(macOS.prefix { $0 != "." }).dylib"]
    #else
      return [linux]
    #endif
  }

  /// The library, by its file name on Linux (`libpq.so.5`) or on Apple's platforms
  /// (`libpq.5.dylib`), with its functions read into a table by `table`, or why it could not
  /// be. Kept in a `static let`, it is opened once per process, on first use, and the
  /// failure is kept too, so every caller gets the same answer.
  public static func open<Table>(
    linux: String, macOS: String,
    reading table: (SharedLibrary) throws(SharedLibraryError) -> Table
  ) -> Result<Table, SharedLibraryError> {
    Result { () throws(SharedLibraryError) in
      try table(SharedLibrary(names(linux: linux, macOS: macOS)))
    }
  }
}

/// Why a library could not be opened or lacks a function, in the dynamic loader's words.
public struct SharedLibraryError: Error, Hashable, Sendable {
  /// The loader's reasons, one for each name tried, or the function that is missing.
  public let reason: String

  /// A reason of the table's own, such as an initialisation that failed.
  public init(reason: String) {
    self.reason = reason
  }
}
