// Linux links utf8proc; Apple's platforms normalise through Foundation, whose
// normalisation FoundationEssentials does not have.
#if canImport(CUtf8proc)
  import CUtf8proc
#else
  import Foundation
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
/// through Foundation. The package links `CUtf8proc` into this module on Linux only.
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
    public static var unicodeVersion: String { String(cString: utf8proc_unicode_version()) }

    private static func map(_ text: String, options: UInt32) -> String {
      var source = text
      return source.withUTF8 { bytes in
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        var result: UnsafeMutablePointer<UInt8>?
        // By length, not up to a NUL: a U+0000 inside the text is kept, as Swift keeps it.
        let length = utf8proc_map(
          base, utf8proc_ssize_t(bytes.count), &result, utf8proc_option_t(rawValue: options))
        defer { free(result) }
        // A Swift string is always valid UTF-8, so the one failure left is running out of
        // memory, where Swift's own allocations stop the process too.
        guard length >= 0, let result else {
          fatalError("utf8proc_map failed: \(String(cString: utf8proc_errmsg(length)))")
        }
        return String(decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
      }
    }
  #endif
}
