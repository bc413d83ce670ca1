// Linux opens utf8proc on first use; Apple's platforms normalise through Foundation, whose
// normalisation FoundationEssentials does not have.
#if canImport(CUtf8proc)
  import CUtf8proc
#else
  import Foundation
#endif
#if canImport(CUtf8proc)
  import SharedLibraries
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unicode normalisation forms, for comparing what people type.
///
/// On Linux, through utf8proc (a small C library with its own Unicode tables), so that
/// normalising text does not need the whole of Foundation. On Apple's platforms, where
/// no such system library is found by the SDK and Foundation is part of every app,
/// through Foundation. On Linux the library is opened the first time text is normalised
/// (`LibUtf8proc`), so a command that reads no name or password does not map it.
///
/// utf8proc's answers are checked against Unicode's own conformance file,
/// `NormalizationTest.txt`, in the tests, and against Foundation's on the same file.
public enum UnicodeNormalization {
  /// Compatibility composition (NFKC): what usernames and passwords are compared in.
  public static func nfkc(_ text: String) -> String {
    #if canImport(CUtf8proc)
      map(
        text,
        options: UTF8PROC_STABLE.rawValue | UTF8PROC_COMPOSE.rawValue | UTF8PROC_COMPAT.rawValue)
    #else
      text.precomposedStringWithCompatibilityMapping
    #endif
  }

  /// Canonical composition (NFC).
  public static func nfc(_ text: String) -> String {
    #if canImport(CUtf8proc)
      map(text, options: UTF8PROC_STABLE.rawValue | UTF8PROC_COMPOSE.rawValue)
    #else
      text.precomposedStringWithCanonicalMapping
    #endif
  }

  #if canImport(CUtf8proc)
    /// The Unicode version of utf8proc's tables (for example "15.0.0"); only where utf8proc
    /// normalises, since Foundation does not say which version its tables are.
    public static var unicodeVersion: String {
      LibUtf8proc.opened().unicodeVersion().map { String(cString: $0) } ?? ""
    }

    private static func map(_ text: String, options: UInt32) -> String {
      let utf8proc = LibUtf8proc.opened()
      var source = text
      return source.withUTF8 { bytes in
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        var result: UnsafeMutablePointer<UInt8>?
        // By length, not up to a NUL: a U+0000 inside the text is kept, as Swift keeps it.
        let length = utf8proc.map(
          base, utf8proc_ssize_t(bytes.count), &result, utf8proc_option_t(rawValue: options))
        defer { free(result) }
        // A Swift string is always valid UTF-8, so the one failure left is running out of
        // memory, where Swift's own allocations stop the process too.
        guard length >= 0, let result else {
          let reason = utf8proc.errorMessage(length).map { String(cString: $0) } ?? "\(length)"
          fatalError("utf8proc_map failed: \(reason)")
        }
        return String(decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
      }
    }
  #endif
}

#if canImport(CUtf8proc)
  /// utf8proc's functions, opened once per process, the first time text is normalised.
  struct LibUtf8proc: Sendable {
    let map: authcli_utf8proc_map
    let errorMessage: authcli_utf8proc_errmsg
    let unicodeVersion: authcli_utf8proc_unicode_version

    /// Opened once per process, on first use; the failure is kept.
    static let shared = SharedLibrary.open(
      linux: "libutf8proc.so.2", macOS: "libutf8proc.3.dylib", reading: LibUtf8proc.init)

    private init(_ library: SharedLibrary) throws(SharedLibraryError) {
      map = try library.function("utf8proc_map", as: authcli_utf8proc_map.self)
      errorMessage = try library.function("utf8proc_errmsg", as: authcli_utf8proc_errmsg.self)
      unicodeVersion = try library.function(
        "utf8proc_unicode_version", as: authcli_utf8proc_unicode_version.self)
    }

    /// The table, or the process ends with the loader's reason and `EX_UNAVAILABLE` (69).
    ///
    /// Names and passwords are compared in NFKC, and a value normalised some other way
    /// would be stored or compared wrongly, so there is no answer to give without the
    /// library; normalising is not a failure the callers' types can carry (a `Password` is
    /// made from any text). The message says what is missing, as the loader would have
    /// said at start when the library was linked.
    static func opened() -> LibUtf8proc {
      switch shared {
      case .success(let library):
        return library
      case .failure(let error):
        var message =
          "Error: Unicode normalisation needs utf8proc, which cannot be loaded: \(error.reason)\n"
        _ = message.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(69)
      }
    }
  }
#endif
